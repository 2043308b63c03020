/** The failure map and the failure finder: pure computation over lib/sim, for workers and pages. */
export {
  axes,
  axisById,
  axisAvailability,
  applyAxis,
  axisValues,
  CHAOS_EVERY_MS,
  type Axis,
  type AxisId,
  type Applied,
  type Availability,
} from "./axes";
export { mapCells, runCell, cellScenario, hadOverlap, type CellJob, type CellResult } from "./map";
export { chunkSize, fillOrder } from "./spread";
export { warmUp } from "./warmUp";
export {
  findFailure,
  failureOf,
  DEFAULT_BUDGET,
  SHRINK_RUN_LIMIT,
  type FinderBudget,
  type FinderOptions,
  type FinderResult,
  type ScheduledFault,
  type FailOn,
  type FailureKind,
} from "./finder";
export type { AddedFault } from "./finderFaults";
export type { Moment, MomentKind } from "./moments";
