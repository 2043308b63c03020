"use client";

/** Where the focused mark is drawn (its bounding box in the SVG's coordinates) and its name. */
export interface MarkTip {
  name: string;
  x: number;
  top: number;
  bottom: number;
}

const MAX_WIDTH = 340;
const HEIGHT = 64;

/**
 * The focused mark's name, shown beside it: the browser's own tooltip (the mark's <title>)
 * appears only on hover, so a keyboard user would otherwise read nothing on screen. It is
 * hidden from assistive technology, which already reads the mark's accessible name. Below the
 * mark in the top half of the diagram, above it in the bottom half, and kept inside the picture.
 */
export function MarkTooltip({ tip, width, height }: { tip: MarkTip; width: number; height: number }) {
  const w = Math.min(MAX_WIDTH, width - 16);
  const left = Math.max(8, Math.min(width - w - 8, tip.x - w / 2));
  const below = tip.bottom + HEIGHT + 6 <= height || tip.top < height / 2;
  const y = below ? tip.bottom + 6 : tip.top - HEIGHT - 6;
  return (
    <foreignObject x={left} y={y} width={w} height={HEIGHT} aria-hidden="true" pointerEvents="none">
      <div
        className={`flex h-full ${below ? "items-start" : "items-end"} ${tip.x - left > w / 2 ? "justify-end" : "justify-start"}`}
      >
        <p
          data-testid="mark-tooltip"
          className="rounded-md border border-line bg-page px-2 py-1 text-xs leading-snug font-medium text-ink shadow-md"
        >
          {tip.name}
        </p>
      </div>
    </foreignObject>
  );
}
