"use client";

import { useSyncExternalStore } from "react";

const TICK_MS = 15_000;

function subscribe(onTick: () => void) {
  const id = setInterval(onTick, TICK_MS);
  return () => clearInterval(id);
}

// Rounded up to the tick, so the value is stable between ticks and anything that fell due before
// this moment (a question missed a second ago) already counts as due.
const clientNow = () => Math.ceil(Date.now() / TICK_MS) * TICK_MS;
const serverNow = () => null;

/** The current time in the browser, refreshed every 15 s; null in the static HTML. */
export function useNow(): Date | null {
  const now = useSyncExternalStore(subscribe, clientNow, serverNow);
  return now === null ? null : new Date(now);
}
