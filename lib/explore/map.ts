/**
 * The failure map's cells: a grid over two axes, each cell the current scenario with the two axis
 * values set, run over seeds 1..N. A cell counts the runs whose data was damaged (verdict unsafe)
 * and the runs in which two clients held the lock at once (`maxConcurrentHolders` ≥ 2), with the
 * first seed of each to open. Jobs and results are plain data, so they cross a worker boundary.
 */
import type { Summary } from "@/lib/sim/checker";
import { simulateResolved } from "@/lib/sim/simulate";
import { validateScenario, type Scenario } from "@/lib/sim/scenario";
import { applyAxis, type Applied, type AxisId } from "./axes";
import { fillOrder } from "./spread";

export interface CellJob {
  /** Column and row in the grid. */
  x: number;
  y: number;
  xValue: number;
  yValue: number;
  /** Seeds 1..seeds are run. */
  seeds: number;
  /** The cell's scenario, or why the axes do not apply to it. */
  scenario: Scenario | null;
  invalid?: string;
}

export interface CellResult {
  x: number;
  y: number;
  xValue: number;
  yValue: number;
  runs: number;
  /** Runs whose verdict was unsafe (an update lost or an effect duplicated). */
  unsafe: number;
  /** Runs in which two or more clients believed they held the lock at once. */
  overlap: number;
  /** The first unsafe seed, to open the cell on; null if none. */
  failingSeed: number | null;
  /** The first seed with overlap; null if none. */
  overlapSeed: number | null;
  /** Runs that stopped at the event limit, and where the first of them stopped (null if none). */
  incomplete: number;
  incompleteAtMs: number | null;
  /** The first validation error (or the reason an axis does not apply); the cell was not run. */
  invalid?: string;
}

/** Two clients held the lock at once. */
export function hadOverlap(summary: Summary): boolean {
  return summary.maxConcurrentHolders >= 2;
}

/**
 * One job per cell of the grid xValues × yValues, in coarse-to-fine order (see `fillOrder`), so
 * that a map filled in job order shows the whole picture early and sharpens. `seeds` ≥ 1.
 */
export function mapCells(
  base: Scenario,
  xAxis: AxisId,
  xValues: readonly number[],
  yAxis: AxisId,
  yValues: readonly number[],
  seeds: number,
): CellJob[] {
  if (xAxis === yAxis) throw new Error(`the two axes must differ (both are "${xAxis}")`);
  return fillOrder(xValues.length, yValues.length).map(({ x, y }) => {
    // fillOrder gives each index below its axis's length.
    const xValue = xValues[x]!;
    const yValue = yValues[y]!;
    const applied = cellScenario(base, xAxis, xValue, yAxis, yValue);
    return applied.ok
      ? { x, y, xValue, yValue, seeds, scenario: applied.scenario }
      : { x, y, xValue, yValue, seeds, scenario: null, invalid: applied.reason };
  });
}

/**
 * Runs a cell's seeds in summary-only mode, validating its scenario once. An invalid combination
 * (or an engine error) gives `invalid` with the first message, and no runs.
 */
export function runCell(job: CellJob): CellResult {
  const cell: CellResult = {
    x: job.x,
    y: job.y,
    xValue: job.xValue,
    yValue: job.yValue,
    runs: 0,
    unsafe: 0,
    overlap: 0,
    failingSeed: null,
    overlapSeed: null,
    incomplete: 0,
    incompleteAtMs: null,
  };
  if (!job.scenario) return { ...cell, invalid: job.invalid ?? "no scenario" };
  const validation = validateScenario(job.scenario);
  if (!validation.ok) return { ...cell, invalid: validation.errors[0] };
  try {
    for (let seed = 1; seed <= job.seeds; seed++) {
      const { summary } = simulateResolved({ ...validation.scenario, seed }, validation.warnings, {
        summaryOnly: true,
      });
      cell.runs++;
      if (summary.incomplete) {
        cell.incomplete++;
        cell.incompleteAtMs ??= summary.incomplete.atMs;
      }
      if (summary.verdict === "unsafe") {
        cell.unsafe++;
        cell.failingSeed ??= seed;
      }
      if (hadOverlap(summary)) {
        cell.overlap++;
        cell.overlapSeed ??= seed;
      }
    }
  } catch (e) {
    return {
      ...cell,
      runs: 0,
      unsafe: 0,
      overlap: 0,
      failingSeed: null,
      overlapSeed: null,
      incomplete: 0,
      incompleteAtMs: null,
      invalid: `the simulation failed: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
  return cell;
}

/**
 * The scenario of one cell (axis values, not grid indices), optionally on a given seed: what
 * clicking a cell opens, on its failing seed when it has one.
 */
export function cellScenario(
  base: Scenario,
  xAxis: AxisId,
  xValue: number,
  yAxis: AxisId,
  yValue: number,
  seed?: number,
): Applied {
  const withX = applyAxis(base, xAxis, xValue);
  if (!withX.ok) return withX;
  const withY = applyAxis(withX.scenario, yAxis, yValue);
  if (!withY.ok || seed === undefined) return withY;
  return { ok: true, scenario: { ...withY.scenario, seed } };
}
