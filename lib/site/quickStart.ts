export interface QuickStep {
  title: string;
  text: string;
  href: string;
}

/**
 * The first-visit path on the home page, about five minutes: break a lock (the lab asks for a
 * prediction before the run plays), fix it with a fence, then read why.
 */
export const quickStart: readonly QuickStep[] = [
  {
    title: "Break a lock",
    text: "Predict what a long garbage-collection pause does to the client holding the lock, then watch its late write land.",
    href: "/lab/?preset=gc-pause&predict=1",
  },
  {
    title: "Fix it with a fence",
    text: "Play the same pause against storage that checks fencing tokens, and see the stale write rejected.",
    href: "/lab/?preset=gc-pause-fenced",
  },
  { title: "Read why", text: "Lesson 4, fencing tokens: why the resource, not the holder, has to say no.", href: "/learn/04-fencing-tokens/" },
];
