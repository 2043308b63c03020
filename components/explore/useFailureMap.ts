"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { axisValues, mapCells, type CellResult } from "@/lib/explore";
import type { Scenario } from "@/lib/sim/scenario";
import type { MapSettings } from "@/lib/explore/mapSettings";
import { prepareMapWorkers, startMapRun } from "@/lib/workers/mapRunner";

export type MapStatus = "running" | "done" | "cancelled" | "failed";

/** A map being drawn or drawn: what it was asked for, and its cells so far (index y × columns + x). */
export interface MapRun {
  status: MapStatus;
  settings: MapSettings;
  /** The scenario the map was drawn for: clicking a cell opens this one, with the cell's values. */
  base: Scenario;
  xValues: number[];
  yValues: number[];
  cells: (CellResult | null)[];
  done: number;
  /** When drawing began (performance.now()), so time is told from the start, not from the last cell. */
  startedAt: number;
  elapsedMs: number;
  error: string | null;
}

/**
 * The page takes in finished cells at most this often. Each time, the map repaints (in software
 * where there is no GPU), on a core the workers would otherwise use: measured on 2 cores, redrawing
 * every 120 ms took half the main thread's time and slowed the map; every 400 ms still looks live.
 */
const FLUSH_MS = 400;

/** Draws failure maps in Web Workers; a new map or Cancel stops the one in progress. */
export function useFailureMap() {
  const [run, setRun] = useState<MapRun | null>(null);
  const stopRef = useRef<() => void>(() => {});

  const start = useCallback((settings: MapSettings, base: Scenario) => {
    stopRef.current();
    const xValues = axisValues(settings.x.axis, settings.x.range, settings.x.count);
    const yValues = axisValues(settings.y.axis, settings.y.range, settings.y.count);
    const jobs = mapCells(base, settings.x.axis, xValues, settings.y.axis, yValues, settings.seeds);
    const cells: (CellResult | null)[] = new Array(xValues.length * yValues.length).fill(null);
    const began = performance.now();
    let done = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = (status: MapStatus, error: string | null = null) => {
      timer = null;
      setRun({
        status,
        settings,
        base,
        xValues,
        yValues,
        cells: [...cells],
        done,
        startedAt: began,
        elapsedMs: performance.now() - began,
        error,
      });
    };
    flush("running");
    const stop = startMapRun(jobs, {
      cell: (cell) => {
        cells[cell.y * xValues.length + cell.x] = cell;
        done++;
        timer ??= setTimeout(() => flush("running"), FLUSH_MS);
      },
      done: () => {
        if (timer) clearTimeout(timer);
        flush("done");
      },
      failed: (message) => {
        if (timer) clearTimeout(timer);
        flush("failed", message);
      },
    });
    stopRef.current = () => {
      stop();
      if (timer) clearTimeout(timer);
      stopRef.current = () => {};
    };
  }, []);

  const cancel = useCallback(() => {
    stopRef.current();
    const now = performance.now();
    setRun((r) => (r && r.status === "running" ? { ...r, status: "cancelled", elapsedMs: now - r.startedAt } : r));
  }, []);

  const setLayer = useCallback(
    (layer: MapSettings["layer"]) => setRun((r) => (r ? { ...r, settings: { ...r.settings, layer } } : r)),
    [],
  );

  useEffect(() => () => stopRef.current(), []);

  return { run, start, cancel, setLayer, prepare: prepareMapWorkers };
}
