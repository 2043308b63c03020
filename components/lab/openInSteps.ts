import { nextTask } from "@/components/ui/nextTask";
import type { DecodedLocation } from "@/lib/scenario/url";
import { bottleneckOfResult, modelOf, questionsOf, storyOfResult } from "@/lib/readers/derived";
import { validateScenario } from "@/lib/sim/scenario";
import { createLabSession, type LabSession } from "@/lib/store/labSession";

/**
 * Opens a lab session one step per task: the scenario's validation, the run, and what the views
 * derive from it (cached per run). Rendering its views then finds them done, and the page never
 * has one long task that does them all.
 */
export async function openSessionInSteps(location: DecodedLocation): Promise<LabSession> {
  await nextTask();
  // A first validation sets zod's parsers up (each schema's, lazily, on its first parse): about
  // 5 ms in Node, more on a phone. Done in a task of its own, the session's validation is quick.
  validateScenario(location.scenario);
  await nextTask();
  const session = createLabSession(location);
  const { result } = session.scenario.getState();
  if (result) {
    for (const derive of [modelOf, storyOfResult, questionsOf, bottleneckOfResult]) {
      await nextTask();
      derive(result);
    }
  }
  return session;
}
