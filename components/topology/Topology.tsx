"use client";

import "@xyflow/react/dist/style.css";
import "./topology.css";
import { ReactFlowProvider } from "@xyflow/react";
import { useCallback, useMemo, useRef, useState } from "react";
import { cutsAt, messagesInFlightAt, processStatesAt, topologyIndex, trafficByLink } from "@/lib/lab/topology/frame";
import { describeFault, withFaultAdded } from "@/lib/lab/topology/faults";
import { NODE_HEIGHT, topologyLayout } from "@/lib/lab/topology/layout";
import type { Scenario } from "@/lib/sim/scenario";
import { modelOf } from "@/lib/lab/derived";
import { selectEdit, selectPending, selectResult, selectT } from "@/components/lab/selectors";
import { usePlayback, useScenario } from "@/components/lab/stores";
import { useElementWidth } from "@/components/timeline/useElementWidth";
import { useReducedMotion } from "@/components/timeline/useReducedMotion";
import { TopologyFrameContext, type FaultTarget, type TopologyFrame } from "./context";
import { FaultMenu } from "./FaultMenu";
import { InjectedFaults } from "./InjectedFaults";
import { TopologyCanvas } from "./TopologyCanvas";

type InputFault = NonNullable<Scenario["faults"]>[number];

const MENU_WIDTH = 256;

/**
 * The topology of the run at the playhead: clients, the lock service's nodes and storage, the
 * links between them with the messages on the wire, and each process's state and clock. A
 * process or a link opens a menu that injects a fault at the playhead; the lab re-runs the same
 * seed, so the past stays as it was. Its root is the region named "Topology".
 */
export function Topology() {
  const result = useScenario(selectResult);
  const pending = useScenario(selectPending);
  const edit = useScenario(selectEdit);
  const t = usePlayback(selectT);
  const reducedMotion = useReducedMotion();
  const boxRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(boxRef);
  const [menu, setMenu] = useState<{ target: FaultTarget; trigger: HTMLElement; left: number; top: number } | null>(null);
  const [announcement, setAnnouncement] = useState("");

  const scenario = result?.scenario ?? null;
  const layout = useMemo(() => (scenario ? topologyLayout(scenario) : null), [scenario]);
  const index = useMemo(() => (result ? topologyIndex(result, modelOf(result)) : null), [result]);

  const openMenu = useCallback((target: FaultTarget, trigger: HTMLElement) => {
    const box = trigger.closest("[data-topology-box]")?.getBoundingClientRect();
    const at = trigger.getBoundingClientRect();
    if (!box) return;
    const left = Math.max(0, Math.min(box.width - MENU_WIDTH, at.left - box.left));
    setMenu({ target, trigger, left, top: at.bottom - box.top + 4 });
  }, []);

  const closeMenu = useCallback(() => {
    setMenu((open) => {
      open?.trigger.focus();
      return null;
    });
  }, []);

  const inject = (fault: InputFault) => {
    edit((s) => withFaultAdded(s, fault));
    setAnnouncement(`Added: ${describeFault(fault)}. The run was simulated again from the same seed.`);
    closeMenu();
  };

  const frame = useMemo<TopologyFrame | null>(() => {
    if (!index || !scenario || !layout) return null;
    const clientNodes = new Set(layout.nodes.filter((n) => n.kind === "client" || n.kind === "clients").map((n) => n.id));
    return {
      t,
      scenario,
      states: processStatesAt(index, t),
      traffic: trafficByLink(messagesInFlightAt(index, t), layout.nodeOf, (id) => clientNodes.has(id)),
      isCut: cutsAt(index, t),
      reducedMotion,
      menuFor: menu?.target ?? null,
      openMenu,
    };
  }, [index, scenario, layout, t, reducedMotion, menu, openMenu]);

  const height = layout ? canvasHeight(layout, width) : 320;

  return (
    <section aria-label="Topology" aria-describedby="topology-help" className="rounded-xl border border-line bg-page">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-line px-3 py-2 sm:px-4">
        <h2 className="text-lg font-semibold">Topology</h2>
        <p className="text-sm text-ink-muted">Who talks to whom, at the playhead</p>
      </div>
      <div ref={boxRef} data-topology-box className={`relative ${pending ? "opacity-60" : ""}`}>
        {frame && layout && width > 0 ? (
          <TopologyFrameContext value={frame}>
            <ReactFlowProvider>
              <TopologyCanvas layout={layout} width={width} height={height} />
            </ReactFlowProvider>
          </TopologyFrameContext>
        ) : (
          <p className="p-6 text-ink-muted" style={{ height }}>
            {pending ? "Simulating…" : "Measuring…"}
          </p>
        )}
        {menu && (
          <div className="absolute z-10" style={{ left: menu.left, top: menu.top }}>
            <FaultMenu target={menu.target} t={t} onInject={inject} onClose={closeMenu} />
          </div>
        )}
      </div>
      <div className="space-y-3 border-t border-line p-3 sm:px-4">
        <p id="topology-help" className="text-xs text-ink-muted">
          {reducedMotion ? "The number on a link counts its messages in flight." : "Dots are messages in flight; a hollow dot will be lost."} Hatched: paused. Crossed out: crashed. Dashed border: cut off. A
          link broken by two bars: partitioned. Choose a process or a link (Tab to it, then Enter) to inject a fault at the playhead.
          {layout && layout.aggregated > 0 && ` Past 15 clients, the rest share one node (${layout.aggregated} clients) so the view stays readable; it offers no faults.`}
        </p>
        <InjectedFaults onChanged={setAnnouncement} />
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
      </div>
    </section>
  );
}

/** Tall enough for the layout at the scale the width allows, within what a screen can show. */
function canvasHeight(layout: NonNullable<ReturnType<typeof topologyLayout>>, width: number): number {
  const right = Math.max(...layout.nodes.map((n) => n.x)) + 180;
  const bottom = Math.max(...layout.nodes.map((n) => n.y)) + NODE_HEIGHT;
  const scale = width > 0 ? Math.min(1, width / (right * 1.12)) : 1;
  return Math.round(Math.max(200, Math.min(720, bottom * scale * 1.12 + 24)));
}
