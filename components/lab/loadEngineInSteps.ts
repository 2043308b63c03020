import { nextTask } from "@/components/ui/nextTask";

/**
 * Evaluates the engine's modules a part per task, for a page about to open a run: the scenario's
 * module (with zod), then its schema built (scenarioSchema), then the engine. Evaluated at once,
 * they were one task of 42–74 ms on a phone under Lighthouse. Only dynamic imports here, so a
 * page's first-load scripts can import this without carrying the engine. (An `import("zod")` of its
 * own made zod a chunk that 40 pages then loaded first.)
 */
export async function loadEngineInSteps(): Promise<void> {
  const scenario = await import("@/lib/sim/scenario");
  await nextTask();
  scenario.scenarioSchema();
  await nextTask();
  await import("@/lib/sim/simulate");
  await nextTask();
}
