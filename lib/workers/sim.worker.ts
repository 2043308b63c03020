/**
 * The Web Worker that runs large scenarios off the main thread. It receives a scenario already
 * validated by the page, runs it, and derives what the page shows (timeline model, story,
 * questions) here too, so the page receives a prepared run without the event log and its typed
 * arrays without copying. It answers with the error that stopped the run, if one did.
 */
import type { Scenario } from "@/lib/sim/scenario";
import { simulate } from "@/lib/sim/simulate";
import { serveJob, type JobScope } from "./job";
import { prepareRun, preparedTransferables, type PreparedRun } from "@/lib/run/derived";

serveJob<Scenario, never, PreparedRun>(self as unknown as JobScope, (scenario) => prepareRun(simulate(scenario)), preparedTransferables);
