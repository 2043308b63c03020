/** The Web Worker behind checkRunner.ts: the exhaustive check with progress a few times a second, or an arcade level. */
import { arcadeLevel } from "./arcade";
import type { CheckReply, CheckRequest } from "./checkRunner";
import { exhaustiveCheck } from "./exhaustive";
import { goalHolds } from "./goals";

const scope = self as unknown as { onmessage: ((event: MessageEvent<CheckRequest>) => void) | null; postMessage(reply: CheckReply): void };

const PROGRESS_EVERY_MS = 100;

scope.onmessage = (event) => {
  const request = event.data;
  try {
    if (request.kind === "arcade") {
      scope.postMessage({ kind: "arcade", arcade: arcadeLevel(request.seed) });
      return;
    }
    let lastPost = 0;
    const wins = request.counterexampleWhen === "goal-holds";
    const result = exhaustiveCheck(request.scenario, request.world, (run) => goalHolds(request.goal, run) === wins, {
      onProgress: (tried, estimate) => {
        const now = performance.now();
        if (now - lastPost < PROGRESS_EVERY_MS) return;
        lastPost = now;
        scope.postMessage({ kind: "progress", tried, estimate });
      },
    });
    scope.postMessage({ kind: "result", result });
  } catch (error) {
    scope.postMessage({ kind: "error", message: error instanceof Error ? error.message : String(error) });
  }
};
