/**
 * The Web Worker that draws the load curve: it runs the scenario it is given at each of the
 * curve's rates, summary-only, and posts each point as soon as it is known (so the page can show
 * progress), then "done" — or the error that stopped it.
 */
import { simulate } from "@/lib/sim/simulate";
import { CURVE_RATES, curvePointOf, curveScenario } from "./curve";
import type { CurveReply, CurveRequest } from "./loadCurveRunner";

const scope = self as unknown as { onmessage: ((event: MessageEvent<CurveRequest>) => void) | null; postMessage(reply: CurveReply): void };

scope.onmessage = (event) => {
  const { id, scenario } = event.data;
  try {
    for (const rate of CURVE_RATES) {
      const result = simulate(curveScenario(scenario, rate), { summaryOnly: true });
      scope.postMessage({ id, kind: "point", point: curvePointOf(rate, result) });
    }
    scope.postMessage({ id, kind: "done" });
  } catch (error) {
    scope.postMessage({ id, kind: "error", message: error instanceof Error ? error.message : String(error) });
  }
};
