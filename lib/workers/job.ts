/**
 * One protocol for every Web Worker job (the lab's large runs, the failure map's chunks, the
 * failure finder, the load curve): the page posts a request; the worker answers with any number
 * of progress messages, then exactly one result or one error. Cancelling terminates the worker,
 * so a cancelled job costs nothing more and reports nothing more. The worker is created by the
 * caller (`startWorker` in workerScript.ts, in the page).
 */

export type JobReply<Progress, Result> =
  { kind: "progress"; progress: Progress } | { kind: "result"; result: Result } | { kind: "error"; message: string };

export interface JobListener<Progress, Result> {
  progress?(progress: Progress): void;
  result(result: Result): void;
  failed(message: string): void;
}

/** The part of a Worker a job uses (so tests can stand in for one). */
export interface JobWorker {
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: unknown): void;
  terminate(): void;
}

/**
 * Starts a job in a worker from `createWorker`; returns the function that cancels it. After the
 * result, an error or a cancel the listener hears nothing more. A worker that answered (a result
 * or an error) is handed to `release`, which by default terminates it; a cancelled or crashed one
 * is terminated. Without Web Workers, `failed` is told why.
 */
export function startJob<Request, Progress, Result>(
  createWorker: (() => JobWorker) | null,
  request: Request,
  listener: JobListener<Progress, Result>,
  what: string,
  release: (worker: JobWorker) => void = (worker) => worker.terminate(),
): () => void {
  if (!createWorker) {
    listener.failed(`this browser cannot run ${what} in the background (no Web Workers)`);
    return () => {};
  }
  const worker = createWorker();
  let over = false;
  const finish = (answered: boolean) => {
    over = true;
    worker.onmessage = null;
    worker.onerror = null;
    if (answered) release(worker);
    else worker.terminate();
  };
  worker.onmessage = (event: MessageEvent<JobReply<Progress, Result>>) => {
    if (over) return;
    const reply = event.data;
    if (reply.kind === "progress") return listener.progress?.(reply.progress);
    finish(true);
    if (reply.kind === "result") listener.result(reply.result);
    else listener.failed(reply.message);
  };
  worker.onerror = (event) => {
    if (over) return;
    finish(false);
    listener.failed(event.message || `${what} failed`);
  };
  worker.postMessage(request);
  return () => {
    if (!over) finish(false);
  };
}

/** A job as a promise, for callers that want only its result; `cancel` rejects it. */
export function runJob<Request, Result>(
  createWorker: (() => JobWorker) | null,
  request: Request,
  what: string,
): { promise: Promise<Result>; cancel(): void } {
  let cancel = () => {};
  const promise = new Promise<Result>((resolve, reject) => {
    const stop = startJob<Request, never, Result>(
      createWorker,
      request,
      { result: resolve, failed: (message) => reject(new Error(message)) },
      what,
    );
    cancel = () => {
      stop();
      reject(new Error("cancelled"));
    };
  });
  return { promise, cancel };
}

/** The worker's side: the scope it answers through (a worker's `self`). */
export interface JobScope {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
}

/**
 * Serves jobs in a worker: `handle` receives the request and a `progress` callback and returns the
 * result (or a promise of it, for a job that reads a file first); a thrown error or a rejection is
 * answered as the job's error. `transfer` names what the result may hand over without copying.
 */
export function serveJob<Request, Progress, Result>(
  scope: JobScope,
  handle: (request: Request, progress: (progress: Progress) => void) => Result | Promise<Result>,
  transfer?: (result: Result) => Transferable[],
): void {
  scope.onmessage = async (event: MessageEvent<Request>) => {
    try {
      const result = await handle(event.data, (progress) =>
        scope.postMessage({ kind: "progress", progress } satisfies JobReply<Progress, Result>),
      );
      scope.postMessage({ kind: "result", result } satisfies JobReply<Progress, Result>, transfer?.(result) ?? []);
    } catch (error) {
      scope.postMessage({
        kind: "error",
        message: error instanceof Error ? error.message : String(error),
      } satisfies JobReply<Progress, Result>);
    }
  };
}

/** `createWorker` for startJob when this environment has Web Workers, else null. */
export function workerFactory(create: () => Worker): (() => JobWorker) | null {
  return typeof Worker === "undefined" ? null : create;
}

/** Workers for one kind of job, kept warm (warmWorkers). */
export interface WarmWorkers {
  /** A worker for the next job: one that answered a job and is waiting, else a new one. */
  take(): JobWorker;
  /** Takes back a worker whose job has ended, to wait for the next job. */
  release(worker: JobWorker): void;
  /** Terminates the workers waiting. */
  dispose(): void;
}

/**
 * Keeps up to `keep` workers whose jobs ended waiting for the next jobs (the oldest beyond that is
 * terminated). A new worker first loads its code, then runs its first job before the engine's
 * code is compiled: on this project's 2-core machine that made a 5,000-event run take about 300 ms
 * in the worker, most of the time to the page, and a failure map's first 32,000 runs take twice as
 * long as the next 32,000. A cancelled job's worker is still terminated, so cancelling stays free.
 */
export function warmWorkers(create: () => JobWorker, keep = 1): WarmWorkers {
  const waiting: JobWorker[] = [];
  return {
    take: () => waiting.pop() ?? create(),
    release(worker) {
      waiting.push(worker);
      if (waiting.length > keep) waiting.shift()!.terminate();
    },
    dispose() {
      for (const worker of waiting.splice(0)) worker.terminate();
    },
  };
}
