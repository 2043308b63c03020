export interface QuickStep {
  title: string;
  text: string;
  href: string;
}

/**
 * The first-visit path on the home page, about five minutes: break a lock, fix it with a fence
 * (the lab asks for a prediction before each run plays), then read why. The steps never say what a
 * run will do: that is the learner's prediction.
 */
export const quickStart: readonly [QuickStep, ...QuickStep[]] = [
  {
    title: "Break a lock",
    text: "Predict what a long garbage-collection pause does to the client holding the lock, then watch the run play out.",
    href: "/lab/?preset=gc-pause&predict=1",
  },
  {
    title: "Fix it with a fence",
    text: "The same pause against storage that checks fencing tokens: predict again, then see what changed.",
    href: "/lab/?preset=gc-pause-fenced&predict=1",
  },
  {
    title: "Read why",
    text: "Lesson 4, fencing tokens: what the fence checks, and where.",
    href: "/learn/04-fencing-tokens/",
  },
];

/** The quick-start step a lab run belongs to (its preset, asked in predict mode), and the step after it. */
export function quickStartNext(presetId: string | null): { done: number; next: QuickStep } | null {
  if (presetId === null) return null;
  const index = quickStart.findIndex((step) => {
    const url = new URL(step.href, "https://lease-lab.invalid");
    return url.pathname === "/lab/" && url.searchParams.get("preset") === presetId;
  });
  const next = quickStart[index + 1];
  return index >= 0 && next ? { done: index + 1, next } : null;
}
