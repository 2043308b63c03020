import { cellCounts, cellPlace, openText } from "./cellText";
import type { MapRun } from "./useFailureMap";

/** The hovered (else focused) cell's numbers, in a box of fixed height so the map never jumps. */
export function CellDetails({
  run,
  index,
  current,
}: {
  run: MapRun;
  index: number;
  current: { x: number; y: number } | null;
}) {
  const cols = run.xValues.length;
  const cell = run.cells[index] ?? null;
  const { x: xs, y: ys } = run.settings;
  // A cell's index and the current cell are inside the grid the values span.
  const place = cellPlace(xs.axis, run.xValues[index % cols]!, ys.axis, run.yValues[Math.floor(index / cols)]!);
  const here = current
    ? `Your scenario is nearest the outlined cell (${cellPlace(xs.axis, run.xValues[current.x]!, ys.axis, run.yValues[current.y]!)}).`
    : "Your scenario lies outside this map's ranges, or has no value on one of its axes (no pause at all, say).";
  return (
    <div className="mt-3 min-h-[4.5rem] rounded-lg bg-surface px-3 py-2 text-sm">
      <p className="font-semibold">{place}</p>
      <p>
        {cellCounts(cell)}. {openText(cell)}
      </p>
      <p className="text-xs text-ink-muted">{here}</p>
    </div>
  );
}
