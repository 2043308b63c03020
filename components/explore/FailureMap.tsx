"use client";

import { useEffect, useId, useMemo, useRef, useState } from "react";
import { cellScenario } from "@/lib/explore";
import { axisReading, nearestIndex } from "@/lib/explore/mapAxisText";
import { mapLayerNote } from "@/lib/explore/mapDefaults";
import { heatGeometry } from "@/lib/explore/mapHeat";
import { defaultMapSettings, mapWork, type MapLayer, type MapSettings } from "@/lib/explore/mapSettings";
import { validateScenario } from "@/lib/sim/scenario";
import { selectScenario } from "@/components/lab/selectors";
import { useLabStores, useScenario } from "@/components/lab/stores";
import { useElementWidth } from "@/components/timeline/useElementWidth";
import { CellDetails } from "./CellDetails";
import { seedToOpen } from "./cellText";
import { Heatmap } from "./Heatmap";
import { HeatLegend } from "./HeatLegend";
import { MapProgress } from "./MapProgress";
import { MapSettingsForm } from "./MapSettingsForm";
import { MapTable } from "./MapTable";
import { openInTimeline } from "./openInTimeline";
import { useFailureMap } from "./useFailureMap";
import { groupDigits } from "@/lib/sim/format";

const LAYERS: { value: MapLayer; label: string }[] = [
  { value: "unsafe", label: "Unsafe runs" },
  { value: "overlap", label: "Runs with overlap" },
];

/**
 * The failure map: the current scenario over a grid of two parameters, each cell run over N seeds
 * in Web Workers and coloured by the share of unsafe runs (or of runs with overlap). A cell opens
 * its scenario on the timeline, on a failing seed when it has one. Its settings live in the URL.
 */
export function FailureMap() {
  const id = useId();
  const stores = useLabStores();
  const scenario = useScenario(selectScenario);
  const { run, start, cancel, setLayer, prepare } = useFailureMap();
  const [opening] = useState(() => {
    const opened = stores.scenario.getState().map;
    if (opened === null) return { settings: defaultMapSettings(scenario), problems: [] as string[], fromLink: false };
    return opened.ok
      ? { settings: opened.settings, problems: [], fromLink: true }
      : { settings: defaultMapSettings(scenario), problems: opened.problems, fromLink: false };
  });
  const [linkProblems, setLinkProblems] = useState(opening.problems);
  const layerNote = mapLayerNote(scenario);
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState<number | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const { width } = useElementWidth(boxRef);

  const draw = (settings: MapSettings) => {
    start(settings, stores.scenario.getState().scenario);
    stores.scenario.getState().setMap(settings);
    setActive(0);
  };

  // A link's map settings fill the form, but the map runs only when the visitor presses Draw: a
  // link must not start up to 100,000 runs in someone's browser. A bad one is dropped from the URL
  // (its notice stays), a tick later: the lab's URL sync subscribes after this child's effect.
  useEffect(() => {
    if (!opening.problems.length) return;
    const timer = setTimeout(() => stores.scenario.getState().setMap(null), 0);
    return () => clearTimeout(timer);
  }, [opening, stores]);
  const linkRuns = useMemo(() => (opening.fromLink ? mapWork(opening.settings) : null), [opening]);

  const chooseLayer = (layer: MapLayer) => {
    setLayer(layer);
    if (run) stores.scenario.getState().setMap({ ...run.settings, layer });
  };

  // Where the current scenario sits: it depends on the grid, not on the cells that fill it in.
  const grid = run && { x: run.settings.x.axis, y: run.settings.y.axis, xValues: run.xValues, yValues: run.yValues };
  const current = useMemo(() => {
    if (!grid) return null;
    const validation = validateScenario(scenario);
    if (!validation.ok) return null;
    const x = nearestIndex(grid.x, grid.xValues, axisReading(scenario, validation.scenario, grid.x));
    const y = nearestIndex(grid.y, grid.yValues, axisReading(scenario, validation.scenario, grid.y));
    return x === null || y === null ? null : { x, y };
  }, [grid?.x, grid?.y, grid?.xValues, grid?.yValues, scenario]); // eslint-disable-line react-hooks/exhaustive-deps -- the grid's parts, not the object made each render

  const open = (index: number) => {
    if (!run) return;
    const cols = run.xValues.length;
    const cell = run.cells[index] ?? null;
    const x = index % cols;
    const y = Math.floor(index / cols);
    // The cell's index is inside the grid the values span.
    const applied = cellScenario(
      run.base,
      run.settings.x.axis,
      run.xValues[x]!,
      run.settings.y.axis,
      run.yValues[y]!,
      seedToOpen(cell),
    );
    if (applied.ok && !cell?.invalid) openInTimeline(stores, applied.scenario, "first-violation");
  };

  const geometry = run && width > 0 ? heatGeometry(run.xValues.length, run.yValues.length, width) : null;
  const shown = hovered ?? active;
  const stale = run !== null && run.base !== scenario;

  return (
    <div>
      {linkProblems.length > 0 && (
        <div role="alert" className="mb-3 flex gap-3 rounded-lg border-l-4 border-danger bg-surface p-3 text-sm">
          <div className="flex-1">
            <p className="font-semibold">
              The link&apos;s failure map could not be used, so the map starts from its usual settings
            </p>
            <ul className="mt-1 list-disc pl-5 text-ink-muted">
              {linkProblems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
          <button
            type="button"
            onClick={() => setLinkProblems([])}
            className="self-start rounded-md px-2 py-1 font-medium text-link underline underline-offset-2"
          >
            Dismiss
          </button>
        </div>
      )}
      {linkRuns && !run && (
        <p className="mb-3 rounded-lg border-l-4 border-line bg-surface p-3 text-sm">
          This link set the map below: {groupDigits(linkRuns.cells)} cells of {groupDigits(opening.settings.seeds)} seed
          {opening.settings.seeds === 1 ? "" : "s"}, {groupDigits(linkRuns.runs)} runs in this browser. Press “Draw the
          map” to run them.
        </p>
      )}
      {!opening.fromLink && layerNote && (
        <p className="mb-3 rounded-lg border-l-4 border-line bg-surface p-3 text-sm">{layerNote}</p>
      )}
      {/* Always in the page, so its width is known before the first map is drawn. */}
      <div ref={boxRef} aria-hidden="true" />
      <MapSettingsForm
        initial={opening.settings}
        scenario={scenario}
        running={run?.status === "running"}
        onDraw={draw}
        onCancel={cancel}
        onSettingUp={() => prepare(stores.scenario.getState().scenario)}
      />

      {run && (
        <div className="mt-5">
          <MapProgress run={run} />
          {stale && run.status !== "running" && (
            <p className="mt-2 text-sm text-ink-muted">
              The scenario has changed since this map was drawn; the map still shows the scenario it was drawn for, and
              its cells open that one.
            </p>
          )}
          <fieldset className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            <legend className="float-left mr-3 font-semibold">Colour by</legend>
            {LAYERS.map((l) => (
              <label key={l.value} className="flex items-center gap-1.5">
                <input
                  type="radio"
                  name={`${id}-layer`}
                  value={l.value}
                  checked={run.settings.layer === l.value}
                  onChange={() => chooseLayer(l.value)}
                  className="accent-[var(--color-focus)]"
                />
                {l.label}
              </label>
            ))}
          </fieldset>
          <CellDetails run={run} index={shown} current={current} />
          <div className="mt-2 overflow-x-auto">
            {geometry && (
              <Heatmap
                geometry={geometry}
                xAxis={run.settings.x.axis}
                yAxis={run.settings.y.axis}
                xValues={run.xValues}
                yValues={run.yValues}
                cells={run.cells}
                layer={run.settings.layer}
                current={current}
                active={active}
                onActive={setActive}
                onHover={setHovered}
                onOpen={open}
              />
            )}
          </div>
          <p className="mt-1 text-xs text-ink-muted">
            Hover or focus a cell for its numbers. Click it, or press Enter, to open it on the timeline (on its first
            failing seed). Tab reaches the map once; arrow keys move between cells.
          </p>
          <div className="mt-3">
            <HeatLegend layer={run.settings.layer} />
          </div>
          <MapTable
            xAxis={run.settings.x.axis}
            yAxis={run.settings.y.axis}
            xValues={run.xValues}
            yValues={run.yValues}
            cells={run.cells}
          />
        </div>
      )}
    </div>
  );
}
