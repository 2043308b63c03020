"use client";

import { useState } from "react";
import { axisById, type AxisId, type CellResult } from "@/lib/explore";
import { formatAxisValue } from "@/lib/explore/mapAxisText";
import { percentOf } from "@/lib/explore/mapHeat";

/** Every number of the map as a table (rows from the top of the map down), folded away until asked for. */
export function MapTable({
  xAxis,
  yAxis,
  xValues,
  yValues,
  cells,
}: {
  xAxis: AxisId;
  yAxis: AxisId;
  xValues: number[];
  yValues: number[];
  cells: (CellResult | null)[];
}) {
  const cols = xValues.length;
  const rows = yValues.map((_, y) => y).reverse();
  // Thousands of cells: the table is built only while it is open.
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-4 rounded-lg border border-line" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer px-3 py-2 text-sm font-semibold">The map as a table</summary>
      {open && (
        <div
          className="max-h-[32rem] overflow-auto border-t border-line"
          tabIndex={0}
          role="region"
          aria-label="The failure map's numbers"
        >
          <table className="border-collapse text-xs tabular-nums">
            <caption className="px-3 py-2 text-left text-ink-muted">
              Each cell: unsafe runs of all runs, runs with overlap, and the first failing seed. Rows:{" "}
              {axisById(yAxis).label}; columns: {axisById(xAxis).label}.
            </caption>
            <thead>
              <tr>
                <th scope="col" className="sticky top-0 left-0 z-20 bg-surface px-2 py-1 text-left">
                  {axisById(yAxis).label} \ {axisById(xAxis).label}
                </th>
                {xValues.map((v) => (
                  <th key={v} scope="col" className="sticky top-0 z-10 bg-surface px-2 py-1 whitespace-nowrap">
                    {formatAxisValue(xAxis, v)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((y) => (
                <tr key={y} className="border-t border-line">
                  <th scope="row" className="sticky left-0 z-10 bg-surface px-2 py-1 text-left whitespace-nowrap">
                    {formatAxisValue(yAxis, yValues[y]!)}
                  </th>
                  {xValues.map((_, x) => (
                    <td key={x} className="px-2 py-1 whitespace-nowrap">
                      <CellNumbers cell={cells[y * cols + x] ?? null} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}

function CellNumbers({ cell }: { cell: CellResult | null }) {
  if (!cell) return <span className="text-ink-muted">not run yet</span>;
  if (cell.invalid) return <span className="block min-w-56 whitespace-normal">not valid: {cell.invalid}</span>;
  return (
    <>
      {cell.unsafe}/{cell.runs} unsafe ({percentOf(cell.unsafe / cell.runs)} %), {cell.overlap} overlap
      {cell.failingSeed !== null ? `, seed ${cell.failingSeed}` : ""}
    </>
  );
}
