"use client";

import { selectEventLimit, selectForetold, selectPending } from "@/components/lab/selectors";
import { useScenario } from "@/components/lab/stores";
import { eventLimitHeadline, eventLimitWithdrawn } from "./eventLimitText";

/**
 * Within the outcome's live region, so a screen reader announces it: that the run in the worker
 * will probably reach the event limit, or that a later report withdrew that. Its figures are in
 * RunProgress, outside the region, as they change with every report.
 */
export function EventLimitHeadline() {
  const pending = useScenario(selectPending);
  const eventLimit = useScenario(selectEventLimit);
  const foretold = useScenario(selectForetold);
  if (!pending || !foretold) return null;
  return eventLimit ? (
    <p className="mt-2 font-semibold">{eventLimitHeadline()}</p>
  ) : (
    <p className="mt-2">{eventLimitWithdrawn()}</p>
  );
}
