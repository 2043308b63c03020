"use client";

import dynamic from "next/dynamic";

/**
 * A slide's simulation — the engine, the lab's stores, the timeline and the topology — in its own
 * chunk, loaded once the deck has painted: most slides are words, and a deck must open at once in
 * front of a room. The names are those of the components, so the views use them as before.
 */
export const SlideSimProvider = dynamic(() => import("./SlideSimProvider").then((m) => m.SlideSimProvider), {
  ssr: false,
  loading: () => <p className="p-4 text-ink-muted">Loading the simulation…</p>,
});

export const SlideSimArea = dynamic(() => import("./SlideSimArea").then((m) => m.SlideSimArea), { ssr: false });

/** A slide's run on a handout, in the same chunk's way: the handout's words paint first, its runs follow. */
export const HandoutRun = dynamic(() => import("./HandoutRun").then((m) => m.HandoutRun), {
  ssr: false,
  loading: () => <p className="p-4 text-ink-muted">Loading the simulation…</p>,
});
