/** What the lab says when a run, at its pace so far, will reach the simulator's event limit. */
import type { EventLimitForecast } from "@/lib/workers/eventLimit";
import { groupDigits, seconds } from "@/lib/sim/format";
import { LIMITS } from "@/lib/sim/scenario";

/** Said once, as the forecast appears (the figures beside it change with each report). */
export function eventLimitHeadline(): string {
  return `This run will probably stop at the simulator’s limit of ${groupDigits(LIMITS.events)} events.`;
}

/** "At its pace so far (5,000 events in its first 7.0 s), the whole run would log about 570,000 events: …" */
export function eventLimitDetail(forecast: EventLimitForecast, durationMs: number): string {
  const { from, projectedEvents, stopsNearMs } = forecast;
  return (
    `At its pace so far (${groupDigits(from.events)} events in its first ${seconds(from.reachedMs)}), the whole run would log about ` +
    `${groupDigits(projectedEvents)} events: the limit would stop it near ${seconds(stopsNearMs)} of its ${seconds(durationMs)}, ` +
    `and its results would cover only that part.`
  );
}

/** Said when a later report withdraws the forecast: the pace fell, or the jobs cost fewer events than the time suggested. */
export function eventLimitWithdrawn(): string {
  return `Earlier, this run looked set to stop at the simulator’s limit of ${groupDigits(LIMITS.events)} events; now it will probably finish within it.`;
}
