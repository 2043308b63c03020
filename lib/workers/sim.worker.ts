/**
 * The Web Worker that runs the lab's large runs off the main thread (simJob.ts says what it does).
 * It answers with the error that stopped the run, if one did.
 */
import { serveJob, type JobScope } from "./job";
import { simulationJob } from "./simJob";
import { preparedTransferables, type PreparedRun } from "@/lib/readers/derived";
import type { Scenario } from "@/lib/sim/scenario";
import type { RunProgress } from "@/lib/sim/simulate";

serveJob<Scenario, RunProgress, PreparedRun>(self as unknown as JobScope, simulationJob, preparedTransferables);
