/**
 * The Web Worker that draws the load curve: it runs the scenario it is given at each of the
 * curve's rates, summary-only, and reports each point as progress as soon as it is known (so the
 * page can show progress), then finishes — or answers with the error that stopped it.
 */
import type { Scenario } from "@/lib/sim/scenario";
import { simulate } from "@/lib/sim/simulate";
import { serveJob, type JobScope } from "./job";
import { CURVE_RATES, curvePointOf, curveScenario, type CurvePoint } from "@/lib/explore/loadCurve";

serveJob<Scenario, CurvePoint, null>(self as unknown as JobScope, (scenario, progress) => {
  for (const rate of CURVE_RATES)
    progress(curvePointOf(rate, simulate(curveScenario(scenario, rate), { summaryOnly: true })));
  return null;
});
