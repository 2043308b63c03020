/**
 * Opens a recorded run or a lock history in a Web Worker: the file is read, parsed and checked
 * there (and a recording's model run beside it), so a 100 MB file or a line of garbage never
 * freezes the page. A history's progress comes back as it is read; cancelling terminates the worker.
 */
import type { Opened } from "@/lib/real/open";
import { startJob, workerFactory } from "./job";
import { startWorker } from "./workerScript";

/** A file picked or dropped, text pasted, or a shipped trace already loaded. */
export type OpenRequest =
  { name: string; file: File } | { name: string; text: string } | { name: string; value: unknown };

/** The share of a history's lines read so far, 0 to 1. */
export interface OpenProgress {
  share: number;
}

export interface OpenListener {
  progress(share: number): void;
  result(opened: Opened): void;
  failed(message: string): void;
}

/** Starts opening; the returned function cancels it. */
export function startOpen(request: OpenRequest, listener: OpenListener): () => void {
  const create = workerFactory(() => startWorker("open"));
  return startJob<OpenRequest, OpenProgress, Opened>(
    create,
    request,
    { progress: ({ share }) => listener.progress(share), result: listener.result, failed: listener.failed },
    "opening files",
  );
}
