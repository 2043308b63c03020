/**
 * A worker in the same thread, for tests of worker jobs and of what uses them: the page's side and
 * the worker's side joined by queued messages, as a real worker's are. `serve` installs the
 * worker's side (a serveJob call) on the scope it is given.
 */
import type { JobScope, JobWorker } from "./job";

export interface InProcessWorker extends JobWorker {
  terminated: boolean;
}

export function inProcessWorker(serve: (scope: JobScope) => void): InProcessWorker {
  const scope: JobScope = {
    onmessage: null,
    postMessage: (message) => queueMicrotask(() => worker.onmessage?.({ data: message } as MessageEvent)),
  };
  const worker: InProcessWorker = {
    terminated: false,
    onmessage: null,
    onerror: null,
    postMessage: (message: unknown) => queueMicrotask(() => scope.onmessage?.({ data: message } as MessageEvent)),
    terminate() {
      worker.terminated = true;
      worker.onmessage = null;
    },
  };
  serve(scope);
  return worker;
}
