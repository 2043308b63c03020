/** One cell of the failure map in words, for its accessible name, the details box and the table. */
import { axisById, type AxisId, type CellResult } from "@/lib/explore";
import { formatAxisValue } from "@/lib/explore/mapAxisText";
import { percentOf } from "@/lib/explore/mapHeat";

export function cellPlace(xAxis: AxisId, xValue: number, yAxis: AxisId, yValue: number): string {
  return `${axisById(xAxis).label} ${formatAxisValue(xAxis, xValue)}, ${axisById(yAxis).label} ${formatAxisValue(yAxis, yValue)}`;
}

/**
 * "7 of 20 runs unsafe (35 %), 12 with overlap (60 %)", with the runs cut short at the event limit
 * said apart ("; 3 incomplete: stopped at the event limit at 183.2 s"); or why the cell has no runs.
 */
export function cellCounts(cell: CellResult | null): string {
  if (!cell) return "not run yet";
  if (cell.invalid) return `not run: ${cell.invalid}`;
  const share = (n: number) => `${percentOf(n / cell.runs)} %`;
  const counts = `${cell.unsafe} of ${cell.runs} runs unsafe (${share(cell.unsafe)}), ${cell.overlap} with overlap (${share(cell.overlap)})`;
  if (!cell.incomplete || cell.incompleteAtMs === null) return counts;
  const first = cell.incomplete === 1 ? "" : "the first ";
  return `${counts}; ${cell.incomplete} incomplete: ${first}stopped at the event limit at ${(cell.incompleteAtMs / 1000).toFixed(1)} s`;
}

/** The seed a click opens: the first unsafe one, else the first with overlap, else seed 1. */
export function seedToOpen(cell: CellResult | null): number {
  return cell?.failingSeed ?? cell?.overlapSeed ?? 1;
}

export function openText(cell: CellResult | null): string {
  if (!cell || cell.invalid) return "";
  if (cell.failingSeed !== null) return `Opens unsafe seed ${cell.failingSeed}.`;
  if (cell.overlapSeed !== null) return `Opens seed ${cell.overlapSeed}, with overlap.`;
  return "Opens seed 1.";
}
