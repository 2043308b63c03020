"use client";

/**
 * A slide's simulation — the engine, the lab's stores, the timeline and the topology — in its own
 * chunk, loaded once the deck has painted: most slides are words, and a deck must open at once in
 * front of a room. The names are those of the components, so the views use them as before.
 */
import dynamic from "next/dynamic";
import { nextTask } from "@/components/ui/nextTask";
import { SimulationLoading } from "./SimulationLoading";

/**
 * The chunk's modules are evaluated in parts, a task each: the scenario's module (with zod), its
 * schema built, the engine, then the stores and views. Evaluated at once, they were one task of
 * 42–74 ms on a phone under Lighthouse. (An `import("zod")` of its own made zod a chunk that 40
 * pages then loaded first.)
 */
async function loadSlideSimProvider() {
  const scenario = await import("@/lib/sim/scenario");
  await nextTask();
  scenario.scenarioSchema();
  await nextTask();
  await import("@/lib/sim/simulate");
  await nextTask();
  return (await import("./SlideSimProvider")).SlideSimProvider;
}

export const SlideSimProvider = dynamic(loadSlideSimProvider, {
  ssr: false,
  loading: () => <SimulationLoading />,
});

export const SlideSimArea = dynamic(() => import("./SlideSimArea").then((m) => m.SlideSimArea), { ssr: false });

/** A slide's run on a handout, in the same chunk's way: the handout's words paint first, its runs follow. */
export const HandoutRun = dynamic(() => import("./HandoutRun").then((m) => m.HandoutRun), {
  ssr: false,
  loading: () => <SimulationLoading />,
});
