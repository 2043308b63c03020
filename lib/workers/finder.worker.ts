/** The Web Worker that runs the failure finder, with its time limit and progress a few times a second. */
import { findFailure } from "@/lib/explore";
import { serveJob, type JobScope } from "./job";
import type { FinderOutcome, FinderProgress, FinderRequest } from "./finderRunner";

const PROGRESS_EVERY_MS = 100;

serveJob<FinderRequest, FinderProgress, FinderOutcome>(
  self as unknown as JobScope,
  ({ scenario, budget, timeLimitMs }, progress) => {
    const deadline = performance.now() + timeLimitMs;
    let timedOut = false;
    let lastPost = 0;
    const result = findFailure(scenario, budget, {
      onProgress: (tried, total) => {
        const now = performance.now();
        if (now - lastPost < PROGRESS_EVERY_MS) return;
        lastPost = now;
        progress({ tried, total });
      },
      shouldStop: () => (timedOut ||= performance.now() > deadline),
    });
    return { result, timedOut };
  },
);
