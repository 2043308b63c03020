"use client";

/**
 * A slide's simulation — the engine, the lab's stores, the timeline and the topology — in its own
 * chunk, loaded once the deck has painted: most slides are words, and a deck must open at once in
 * front of a room. The names are those of the components, so the views use them as before.
 */
import dynamic from "next/dynamic";
import { loadEngineInSteps } from "@/components/lab/loadEngineInSteps";
import { SimulationLoading } from "./SimulationLoading";

/** The engine a part per task (loadEngineInSteps), then the stores and views. */
async function loadSlideSimProvider() {
  await loadEngineInSteps();
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
