import type { TimelineModel } from "./timelineModel";

/**
 * The true time a picture of a run spans (a lesson's run; the lab's "Fit"): its activity and a
 * little room after it, since the rest of the run is empty time. A prediction's reveal plays on to
 * its end, so that the run visibly plays past the moment even when the moment is its last event.
 */
export function pictureSpan(model: Pick<TimelineModel, "durationMs" | "activityEndT">): [number, number] {
  return [0, Math.min(model.durationMs, Math.max(1000, model.activityEndT * 1.08 + 500))];
}
