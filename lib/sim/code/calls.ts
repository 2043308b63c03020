/**
 * What a lock service's binding (LockService.codeApi) and the code client's runtime share: the step
 * a call yields, and what a binding may ask of the runtime. Apart from both, so neither imports
 * the other.
 */
import type { Step } from "./api";

/** How a started step gives its answer back: a value, or an error thrown into the program. */
export interface Answer<T> {
  ok(value: T): void;
  fail(error: Error): void;
}

/** A call the program yields; `start` runs only when it is yielded, once. */
export class CodeStep<T> implements Step<T> {
  constructor(
    readonly call: string,
    readonly start: (answer: Answer<T>) => void,
  ) {}
}

/** What a lock service's binding (LockService.codeApi) may ask of the runtime. */
export interface CodeCalls {
  readonly client: string;
  /** A step that, once yielded, runs `start`; its answer resumes the program. */
  step<T>(call: string, start: (answer: Answer<T>) => void): Step<T>;
  /** An acquisition is on its way: the attempt starts now, unless one is already open. */
  acquiring(lock: string): void;
  /**
   * The reply granted the lock: the client believes it holds it from now. With `lease` (a session's
   * lock: etcd, ZooKeeper), the lock library also times the belief as the built-in client does: the
   * lease runs `ms` from true time `basisT`, on the level's lease clock less its safety margin, and
   * each `notices.leaseExtended` moves it on.
   */
  granted(lock: string, grant: number, token: number | null, lease?: { basisT: number; ms: number }): void;
  /** The client sends its release of `lock`: it stops believing, and the release is logged. */
  releasing(lock: string): void;
  /** A refused acquisition, as the built-in client logs it: the lock is held, a Redlock round fell short (`elapsedMs`: how long it took by the client's clock), or (a session's lock) the session was lost. */
  refused(lock: string, reason?: "held" | "no-quorum" | "no-validity" | "session-lost", elapsedMs?: number): void;
  /** The acquisition got no answer: the service is unavailable, and the attempt is over. */
  unavailable(lock: string): void;
  /** A renewal of `lock` is sent: the returned function reports its answer, for the hold it was sent for. */
  renewal(lock: string): (ok: boolean) => void;
  timeout(call: string): Error;
}
