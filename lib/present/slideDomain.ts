/**
 * The window of true time a slide's diagram shows, in ms: from 0 to a little after the run's last
 * event (the rest is empty time), and never ending before the slide's moment has room around it.
 */
export function slideDomain({
  activityEndT,
  durationMs,
  at,
}: {
  activityEndT: number;
  durationMs: number;
  at: number;
}): [number, number] {
  const end = Math.max(1000, activityEndT * 1.08 + 500, at * 1.1 + 500);
  return [0, Math.min(durationMs, end)];
}
