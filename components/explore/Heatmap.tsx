"use client";

import { memo, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { axisById, type AxisId, type CellResult } from "@/lib/explore";
import { tickText } from "@/lib/explore/mapAxisText";
import { cellFraction, heatFill, labelIndices, percentOf, type HeatGeometry } from "@/lib/explore/mapHeat";
import type { MapLayer } from "@/lib/explore/mapSettings";
import { cellCounts, cellPlace, openText } from "./cellText";

export interface HeatmapProps {
  geometry: HeatGeometry;
  xAxis: AxisId;
  yAxis: AxisId;
  xValues: number[];
  yValues: number[];
  cells: (CellResult | null)[];
  layer: MapLayer;
  /** The cell nearest the current scenario, or null. */
  current: { x: number; y: number } | null;
  /** The cell with the tab stop (index y × columns + x). */
  active: number;
  onActive(index: number): void;
  onHover(index: number | null): void;
  onOpen(index: number): void;
}

const TICK_LABEL_PX = 46;
export const HATCH_ID = "failure-map-invalid";

/**
 * The failure map's grid: one square per cell, coloured by the layer's fraction, with the
 * percentage written in when the cells are big enough. One tab stop: arrow keys move between
 * cells, Home and End go to a row's ends, Enter or Space opens the cell on the timeline.
 */
export function Heatmap({
  geometry: g,
  xAxis,
  yAxis,
  xValues,
  yValues,
  cells,
  layer,
  current,
  active,
  onActive,
  onHover,
  onOpen,
}: HeatmapProps) {
  const cols = xValues.length;
  const rows = yValues.length;
  const [focused, setFocused] = useState(false);
  const svgRef = useRef<SVGSVGElement>(null);
  // Only the grid's shape and values place the cells, not what the cells hold.
  const cellCount = cells.length;
  const places = useMemo(
    () =>
      Array.from({ length: cellCount }, (_, i) =>
        cellPlace(xAxis, xValues[i % cols]!, yAxis, yValues[Math.floor(i / cols)]!),
      ), // one cell per pair of values
    [cellCount, cols, xAxis, xValues, yAxis, yValues],
  );
  const indexOf = (target: EventTarget | null) => {
    const el = (target as Element | null)?.closest?.("[data-index]");
    return el ? Number(el.getAttribute("data-index")) : null;
  };

  const move = (index: number) => {
    onActive(index);
    svgRef.current?.querySelector<SVGElement>(`[data-index="${index}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const x = active % cols;
    const y = Math.floor(active / cols);
    const to: Record<string, [number, number]> = {
      ArrowLeft: [Math.max(0, x - 1), y],
      ArrowRight: [Math.min(cols - 1, x + 1), y],
      ArrowUp: [x, Math.min(rows - 1, y + 1)],
      ArrowDown: [x, Math.max(0, y - 1)],
      Home: [0, y],
      End: [cols - 1, y],
    };
    const target = to[event.key];
    if (target) {
      event.preventDefault();
      const [nx, ny] = target;
      move(ny * cols + nx);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onOpen(active);
    }
  };

  const xTicks = labelIndices(cols, g.x.step(), TICK_LABEL_PX);
  const yTicks = labelIndices(rows, g.y.step(), 16);
  const band = g.x.bandwidth();
  const plotBottom = g.top + rows * g.cell;
  const plotRight = g.left + cols * g.cell;
  const ring = (index: number) => ({
    x: g.x(index % cols)! - 1.5,
    y: g.y(Math.floor(index / cols))! - 1.5,
    width: band + 3,
    height: band + 3,
  });

  return (
    <svg
      ref={svgRef}
      width={g.width}
      height={g.height}
      className="block max-w-none touch-manipulation select-none"
      role="group"
      aria-label={`Failure map: ${axisById(xAxis).label} across, ${axisById(yAxis).label} up, ${cols} × ${rows} cells`}
      onKeyDown={onKeyDown}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={(event) => {
        const index = indexOf(event.target);
        if (index !== null) {
          onActive(index);
          onOpen(index);
        }
      }}
      onPointerMove={(event: PointerEvent) => onHover(indexOf(event.target))}
      onPointerLeave={() => onHover(null)}
    >
      <defs>
        <pattern id={HATCH_ID} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="6" height="6" fill="var(--color-surface)" />
          <line x1="0" y1="0" x2="0" y2="6" stroke="var(--color-ink-muted)" strokeWidth="1.5" />
        </pattern>
      </defs>
      {cells.map((cell, index) => (
        <Cell
          key={index}
          index={index}
          cell={cell}
          x={g.x(index % cols)!}
          y={g.y(Math.floor(index / cols))!}
          size={band}
          layer={layer}
          numbers={g.numbers}
          tabbable={index === active}
          place={places[index]!}
        />
      ))}
      {current && (
        <rect
          {...ring(current.y * cols + current.x)}
          fill="none"
          stroke="var(--color-ink)"
          strokeWidth={2.5}
          strokeDasharray="4 2"
          pointerEvents="none"
        />
      )}
      {focused && (
        <rect {...ring(active)} fill="none" stroke="var(--color-focus)" strokeWidth={3} pointerEvents="none" />
      )}

      <g aria-hidden="true" fontSize={11} fill="var(--color-ink-muted)">
        <line x1={g.left} x2={plotRight} y1={plotBottom + 1} y2={plotBottom + 1} stroke="var(--color-line)" />
        {xTicks.map((i) => (
          <text key={i} x={g.x(i)! + band / 2} y={plotBottom + 14} textAnchor="middle">
            {tickText(xAxis, xValues[i]!)}
          </text>
        ))}
        <text
          x={(g.left + plotRight) / 2}
          y={plotBottom + 34}
          textAnchor="middle"
          fill="var(--color-ink)"
          fontWeight={600}
          fontSize={12}
        >
          {axisById(xAxis).label}
          {axisById(xAxis).unit === "ppm" ? " (ppm)" : ""} →
        </text>
        <line x1={g.left - 1} x2={g.left - 1} y1={g.top} y2={plotBottom} stroke="var(--color-line)" />
        {yTicks.map((i) => (
          <text key={i} x={g.left - 6} y={g.y(i)! + band / 2 + 4} textAnchor="end">
            {tickText(yAxis, yValues[i]!)}
          </text>
        ))}
        <text
          transform={`translate(12 ${(g.top + plotBottom) / 2}) rotate(-90)`}
          textAnchor="middle"
          fill="var(--color-ink)"
          fontWeight={600}
          fontSize={12}
        >
          {axisById(yAxis).label}
          {axisById(yAxis).unit === "ppm" ? " (ppm)" : ""} →
        </text>
      </g>
    </svg>
  );
}

interface CellProps {
  index: number;
  cell: CellResult | null;
  x: number;
  y: number;
  size: number;
  layer: MapLayer;
  numbers: boolean;
  tabbable: boolean;
  /** The cell's axis values in words; its numbers are added here, so only changed cells redo them. */
  place: string;
}

/** Memoised: a cell redraws only when its own result, place or state changes. */
const Cell = memo(function Cell({ index, cell, x, y, size, layer, numbers, tabbable, place }: CellProps) {
  const fraction = cell ? cellFraction(cell, layer) : null;
  const fill = !cell ? "var(--color-surface)" : fraction === null ? `url(#${HATCH_ID})` : heatFill(fraction, layer);
  return (
    <g
      role="button"
      tabIndex={tabbable ? 0 : -1}
      aria-label={`${place}: ${cellCounts(cell)}. ${openText(cell)}`}
      data-index={index}
      className="cursor-pointer outline-none"
    >
      <rect
        x={x}
        y={y}
        width={size}
        height={size}
        fill={fill}
        stroke={cell ? "none" : "var(--color-line)"}
        strokeWidth={cell ? 0 : 1}
        rx={1.5}
      />
      {numbers && fraction !== null && (
        <text
          x={x + size / 2}
          y={y + size / 2 + 3.5}
          textAnchor="middle"
          fontSize={size >= 26 ? 11 : 9.5}
          fontWeight={600}
          fill="var(--color-ink)"
          aria-hidden="true"
          pointerEvents="none"
        >
          {percentOf(fraction)}
        </text>
      )}
    </g>
  );
});
