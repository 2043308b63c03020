import type { TimelineModel } from "./timelineModel";

/**
 * The true time a compact picture of a run spans (a lesson's run): its events and a little room
 * after the last one, since the rest of the run is empty time. A prediction's reveal plays on to
 * its end, so that the run visibly plays past the moment even when the moment is its last event.
 */
export function pictureSpan(model: Pick<TimelineModel, "durationMs" | "lastEventT">): [number, number] {
  return [0, Math.min(model.durationMs, Math.max(1000, model.lastEventT * 1.08 + 500))];
}
