/** The Web Worker that runs the failure finder, with its time limit and progress a few times a second. */
import { findFailure } from "@/lib/explore";
import type { FinderReply, FinderRequest } from "./finderRunner";

const scope = self as unknown as { onmessage: ((event: MessageEvent<FinderRequest>) => void) | null; postMessage(reply: FinderReply): void };

const PROGRESS_EVERY_MS = 100;

scope.onmessage = (event) => {
  const { scenario, budget, timeLimitMs } = event.data;
  const deadline = performance.now() + timeLimitMs;
  let timedOut = false;
  let lastPost = 0;
  try {
    const result = findFailure(scenario, budget, {
      onProgress: (tried, total) => {
        const now = performance.now();
        if (now - lastPost < PROGRESS_EVERY_MS) return;
        lastPost = now;
        scope.postMessage({ kind: "progress", tried, total });
      },
      shouldStop: () => (timedOut ||= performance.now() > deadline),
    });
    scope.postMessage({ kind: "result", result, timedOut });
  } catch (error) {
    scope.postMessage({ kind: "error", message: error instanceof Error ? error.message : String(error) });
  }
};
