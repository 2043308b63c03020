"use client";

import { useCallback, useMemo, useRef, useState } from "react";
import { describeFault, withFaultAdded } from "@/lib/scenario/faultEdits";
import { topologyCanvasSize } from "@/lib/readers/topologyLayout";
import type { Scenario } from "@/lib/sim/scenario";
import { selectEdit, selectPending } from "@/components/lab/selectors";
import { useScenario } from "@/components/lab/stores";
import { useElementWidth } from "@/components/timeline/useElementWidth";
import type { FaultTarget, TopologyFrame } from "./context";
import { FaultMenu } from "./FaultMenu";
import { InjectedFaults } from "./InjectedFaults";
import { LazyTopologyCanvas } from "./LazyTopologyCanvas";
import { useTopologyScene } from "./useTopologyScene";

type InputFault = NonNullable<Scenario["faults"]>[number];

const MENU_WIDTH = 256;

/**
 * The topology of the run at the playhead: clients, the lock service's nodes and storage, the
 * links between them with the messages on the wire, and each process's state and clock. A
 * process or a link opens a menu that injects a fault at the playhead; the lab re-runs the same
 * seed, so the past stays as it was. Its root is the region named "Topology".
 */
export function Topology() {
  const sectionRef = useRef<HTMLElement>(null);
  const scene = useTopologyScene(sectionRef);
  const pending = useScenario(selectPending);
  const edit = useScenario(selectEdit);
  const boxRef = useRef<HTMLDivElement>(null);
  const { width } = useElementWidth(boxRef);
  const [menu, setMenu] = useState<{ target: FaultTarget; trigger: HTMLElement; left: number; top: number } | null>(
    null,
  );
  const [announcement, setAnnouncement] = useState("");

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

  const frame = useMemo<TopologyFrame | null>(
    () => (scene ? { ...scene.frame, menuFor: menu?.target ?? null, openMenu } : null),
    [scene, menu, openMenu],
  );
  const layout = scene?.layout ?? null;
  const canvas = layout ? topologyCanvasSize(layout, width) : { width, height: 320 };

  return (
    <section
      ref={sectionRef}
      aria-label="Topology"
      aria-describedby="topology-help"
      className="rounded-xl border border-line bg-page"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-line px-3 py-2 sm:px-4">
        <h2 className="text-lg font-semibold">Topology</h2>
        <p className="text-sm text-ink-muted">
          {canvas.width > width ? "Scroll sideways to see all of it" : "Who talks to whom, at the playhead"}
        </p>
      </div>
      <div ref={boxRef} data-topology-box className="relative">
        {frame && layout && width > 0 ? (
          // A narrow screen scrolls the diagram sideways rather than shrinking it past reading.
          <div className="overflow-x-auto">
            <LazyTopologyCanvas layout={layout} frame={frame} width={canvas.width} height={canvas.height} />
          </div>
        ) : (
          <p className="p-6 text-ink-muted" style={{ height: canvas.height }}>
            {pending ? "Simulating…" : "Measuring…"}
          </p>
        )}
        {menu && (
          <div className="absolute z-10" style={{ left: menu.left, top: menu.top }}>
            <FaultMenu target={menu.target} t={scene?.frame.t ?? 0} onInject={inject} onClose={closeMenu} />
          </div>
        )}
      </div>
      <div className="space-y-3 border-t border-line p-3 sm:px-4">
        <p id="topology-help" className="text-xs text-ink-muted">
          {scene?.frame.reducedMotion
            ? "The number on a link counts its messages in flight."
            : "Dots are messages in flight; a hollow dot will be lost."}{" "}
          Each process shows its own clock at the playhead, and how far it is from true time. Hatched: paused. Crossed
          out: crashed. Dashed border: cut off. A link broken by two bars: partitioned. Choose a process or a link (Tab
          to it, then Enter) to inject a fault at the playhead.
          {layout &&
            layout.aggregated > 0 &&
            ` Past 15 clients, the rest share one node (${layout.aggregated} clients) so the view stays readable; it offers no faults.`}
        </p>
        <InjectedFaults onChanged={setAnnouncement} />
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
      </div>
    </section>
  );
}
