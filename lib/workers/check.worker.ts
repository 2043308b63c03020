/** The Web Worker behind checkRunner.ts: the exhaustive check with progress a few times a second, or an arcade level. */
import { serveJob, type JobScope } from "@/lib/workers/job";
import { arcadeLevel } from "../challenges/arcade";
import type { CheckOutcome, CheckProgress, CheckRequest } from "./checkRunner";
import { exhaustiveCheck } from "../challenges/exhaustive";
import { goalHolds } from "../challenges/goals";

const PROGRESS_EVERY_MS = 100;

serveJob<CheckRequest, CheckProgress, CheckOutcome>(self as unknown as JobScope, (request, progress) => {
  if (request.kind === "arcade") return { kind: "arcade", arcade: arcadeLevel(request.seed) };
  let lastPost = 0;
  const wins = request.counterexampleWhen === "goal-holds";
  const result = exhaustiveCheck(request.scenario, request.world, (run) => goalHolds(request.goal, run) === wins, {
    onProgress: (tried, total) => {
      const now = performance.now();
      if (now - lastPost < PROGRESS_EVERY_MS) return;
      lastPost = now;
      progress({ tried, total });
    },
  });
  return { kind: "result", result };
});
