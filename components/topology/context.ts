"use client";

import { createContext, useContext } from "react";
import type { LinkTraffic, ProcessState } from "@/lib/readers/topologyFrame";
import type { ResolvedScenario } from "@/lib/sim/scenario";

/** What a node or a link opens a fault menu for. */
export type FaultTarget = { kind: "process"; id: string } | { kind: "link"; client: string; other: string };

/**
 * The topology at the playhead, handed to the custom nodes and edges through context: xyflow
 * keeps the same nodes and edges while the playhead moves, and only these readers re-render.
 */
export interface TopologyFrame {
  t: number;
  scenario: ResolvedScenario;
  states: ReadonlyMap<string, ProcessState>;
  traffic: ReadonlyMap<string, LinkTraffic>;
  isCut: (a: string, b: string) => boolean;
  reducedMotion: boolean;
  /** The target whose menu is open, if any. */
  menuFor: FaultTarget | null;
  /** Opens a fault menu; null draws a picture only (the room's view of a slide), with nothing to press. */
  openMenu: ((target: FaultTarget, trigger: HTMLElement) => void) | null;
}

export const TopologyFrameContext = createContext<TopologyFrame | null>(null);

export function useTopologyFrame(): TopologyFrame {
  const frame = useContext(TopologyFrameContext);
  if (!frame) throw new Error("topology nodes and links must be inside <TopologyFrameContext>");
  return frame;
}

export const sameTarget = (a: FaultTarget | null, b: FaultTarget) =>
  a !== null &&
  (a.kind === "process" && b.kind === "process"
    ? a.id === b.id
    : a.kind === "link" && b.kind === "link" && a.client === b.client && a.other === b.other);
