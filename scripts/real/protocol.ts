/**
 * What the recorder and its client processes say to each other over the fork IPC channel, and
 * the one clock they all read: the machine's CLOCK_MONOTONIC (process.hrtime), as milliseconds
 * since the run's zero, which the recorder hands every client.
 */
import type { ResolvedScenario } from "../../lib/sim/scenario";
import type { TraceEvent } from "../../lib/real/trace";

/** Where a client reaches each server: through its own proxy link, so faults can touch it alone. */
export interface ClientEndpoints {
  service: { host: string; port: number };
  storage: { host: string; port: number };
}

export type ToClient =
  | { type: "setup"; id: string; scenario: ResolvedScenario; endpoints: ClientEndpoints; wallOffsetMs: number }
  /** The run's zero (CLOCK_MONOTONIC, ns) and when, on that clock, this client starts its first job. */
  | { type: "go"; zeroNs: string; startMs: number }
  /** Redis failover: grants now come from the promoted replica. */
  | { type: "primary"; node: string }
  | { type: "stop" };

export type FromClient =
  | { type: "ready" }
  | { type: "event"; event: TraceEvent }
  /** The client is about to send this write: if the network then loses it, the recorder knows what it was. */
  | { type: "write-sent"; write: PendingWrite }
  /** PostgreSQL: the server process of the client's lock connection, so the recorder can see it go. */
  | { type: "backend"; pid: number }
  | { type: "finished" }
  | { type: "failed"; error: string };

export interface PendingWrite {
  client: string;
  key: string;
  value: number;
  readValue: number;
  token: number | null;
  grant: string | null;
}

let zero = process.hrtime.bigint();

/** Sets the run's zero, a CLOCK_MONOTONIC reading in ns that every process of the run shares. */
export function setZero(zeroNs: bigint): void {
  zero = zeroNs;
}

/** Milliseconds since the run's zero on CLOCK_MONOTONIC, the one clock of every trace event. */
export function now(): number {
  return Number(process.hrtime.bigint() - zero) / 1e6;
}

/**
 * Runs `f` at `t` on the run's clock, never before. Node's timers count from libuv's loop time,
 * cached once per loop iteration and truncated to whole ms, so a timer set late in an iteration
 * fires up to a millisecond or so early by CLOCK_MONOTONIC (measured here: 20 of 100 timers, by up
 * to 1.1 ms): a client due at 0 could act at -0.5 ms. A timer that fires early waits the rest.
 */
export function atTime(t: number, f: () => void): { cancel(): void } {
  let timer: NodeJS.Timeout;
  const arm = () => {
    const wait = t - now();
    if (wait <= 0) return f();
    timer = setTimeout(arm, Math.ceil(wait));
  };
  arm();
  return { cancel: () => clearTimeout(timer) };
}
