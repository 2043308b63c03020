"use client";

import { useMemo, type RefObject } from "react";
import { cutsAt, messagesInFlightAt, processStatesAt, topologyIndex, trafficByLink } from "@/lib/readers/topologyFrame";
import { topologyLayout, type TopologyLayout } from "@/lib/readers/topologyLayout";
import { modelOf } from "@/lib/readers/derived";
import { selectResult } from "@/components/lab/selectors";
import { useScenario } from "@/components/lab/stores";
import { useReducedMotion } from "@/components/timeline/useReducedMotion";
import type { TopologyFrame } from "./context";
import { usePlayheadInView } from "./usePlayheadInView";

export interface TopologyScene {
  layout: TopologyLayout;
  /** The run at the playhead, for the nodes and links; the caller adds its fault menu, or none. */
  frame: Omit<TopologyFrame, "menuFor" | "openMenu">;
}

/**
 * The topology of the provider's run at its playhead; null until a run is there. Given the
 * element that shows it, it holds still while that is scrolled out of view during playback.
 */
export function useTopologyScene(shownIn: RefObject<Element | null> | null = null): TopologyScene | null {
  const result = useScenario(selectResult);
  const t = usePlayheadInView(shownIn);
  const reducedMotion = useReducedMotion();
  const scenario = result?.scenario ?? null;
  const layout = useMemo(() => (scenario ? topologyLayout(scenario) : null), [scenario]);
  const index = useMemo(() => (result ? topologyIndex(result, modelOf(result)) : null), [result]);
  // Per layout, not per frame: the playhead moves many times a second.
  const isClientNode = useMemo(() => {
    const clients = new Set(layout?.nodes.filter((n) => n.kind === "client" || n.kind === "clients").map((n) => n.id));
    return (id: string) => clients.has(id);
  }, [layout]);

  return useMemo(() => {
    if (!index || !scenario || !layout) return null;
    return {
      layout,
      frame: {
        t,
        scenario,
        states: processStatesAt(index, t),
        traffic: trafficByLink(messagesInFlightAt(index, t), layout.nodeOf, isClientNode),
        isCut: cutsAt(index, t),
        reducedMotion,
      },
    };
  }, [index, scenario, layout, isClientNode, t, reducedMotion]);
}
