import { heatFill, LEGEND_STEPS, percentOf } from "@/lib/explore/mapHeat";
import type { MapLayer } from "@/lib/explore/mapSettings";
import { HATCH_ID } from "./Heatmap";

const SWATCH = 22;
const LAYER_TEXT: Record<MapLayer, string> = {
  unsafe: "runs unsafe (data damaged)",
  overlap: "runs with overlap (two holders at once)",
};

/**
 * The map's key: the colour ramp with its percentages, and the other cell states, each drawn as
 * on the map. The hatch pattern is the heatmap's own (same page), so it is drawn identically.
 */
export function HeatLegend({ layer }: { layer: MapLayer }) {
  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-3 text-xs text-ink-muted">
      <figure className="m-0">
        <figcaption className="mb-1 font-semibold text-ink">% of {LAYER_TEXT[layer]}</figcaption>
        <svg
          width={LEGEND_STEPS.length * SWATCH}
          height={SWATCH + 16}
          role="img"
          aria-label={`Colour scale from 0 % (the page's colour) to 100 % (the strongest colour); each cell also shows its percentage when there is room.`}
        >
          {LEGEND_STEPS.map((f, i) => (
            <g key={f}>
              <rect
                x={i * SWATCH}
                y={0}
                width={SWATCH - 2}
                height={SWATCH - 2}
                fill={heatFill(f, layer)}
                stroke="var(--color-line)"
              />
              {i % 2 === 0 && (
                <text
                  x={i * SWATCH + (SWATCH - 2) / 2}
                  y={SWATCH + 12}
                  textAnchor="middle"
                  fontSize={10}
                  fill="var(--color-ink-muted)"
                >
                  {percentOf(f)}
                </text>
              )}
            </g>
          ))}
        </svg>
      </figure>
      <Key label="not run yet">
        <rect x={1} y={1} width={14} height={14} fill="var(--color-surface)" stroke="var(--color-line)" />
      </Key>
      <Key label="not valid (see details)">
        <rect x={1} y={1} width={14} height={14} fill={`url(#${HATCH_ID})`} stroke="var(--color-line)" />
      </Key>
      <Key label="your scenario's cell">
        <rect
          x={2}
          y={2}
          width={12}
          height={12}
          fill="none"
          stroke="var(--color-ink)"
          strokeWidth={2}
          strokeDasharray="4 2"
        />
      </Key>
    </div>
  );
}

function Key({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <span className="flex items-center gap-1.5 pb-4">
      <svg width={16} height={16} aria-hidden="true">
        {children}
      </svg>
      {label}
    </span>
  );
}
