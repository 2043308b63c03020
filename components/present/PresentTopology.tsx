"use client";

import { useMemo, useRef } from "react";
import { roomTopology, topologyCanvasSize } from "@/lib/readers/topologyLayout";
import { LazyTopologyCanvas } from "@/components/topology/LazyTopologyCanvas";
import { useTopologyScene } from "@/components/topology/useTopologyScene";
import { useElementSize } from "./useElementSize";
import { useFontSize } from "./useFontSize";

/** How much larger than the lab a room's topology may be drawn: its type then reads from the back. */
const ROOM_MAX_ZOOM = 2.6;
const NO_MENU = { menuFor: null, openMenu: null };

/**
 * The lab's topology of a slide's run at the playhead, as a picture: no fault menus, since the
 * deck replays a fixed scenario. "room" draws it as large as its box allows, its cards' text at
 * the slide's smallest type as seen (present.css); "desk" at the lab's size. A key under it says
 * what the patterns mean, so colour is never the only cue.
 */
export function PresentTopology({ size, className = "" }: { size: "room" | "desk"; className?: string }) {
  const scene = useTopologyScene();
  const boxRef = useRef<HTMLDivElement>(null);
  const box = useElementSize(boxRef);
  const textOnScreen = useFontSize(boxRef);
  const room = size === "room";
  const scenario = scene?.frame.scenario ?? null;
  // A strip at the bottom stays clear for the diagram library's credit, drawn at the slide's type.
  const creditStrip = Math.ceil(textOnScreen * 1.6);
  const fitted = useMemo(
    () =>
      room && scenario && box.width > 0 && textOnScreen > 0
        ? roomTopology(scenario, { width: box.width, height: box.height - creditStrip }, textOnScreen, ROOM_MAX_ZOOM)
        : null,
    [room, scenario, box, textOnScreen, creditStrip],
  );
  const padding = useMemo(
    () => ({ top: "2%", left: "2%", right: "2%", bottom: `${creditStrip}px` }) as const,
    [creditStrip],
  );
  const canvas = scene && !room ? topologyCanvasSize(scene.layout, box.width) : box;
  const ready = room ? fitted !== null : true;

  return (
    <section
      aria-label="Topology at the playhead"
      className={`flex min-h-0 min-w-0 flex-col ${room ? "" : "rounded-lg border border-line"} ${className}`}
    >
      <div ref={boxRef} className={room ? "present-room-text min-h-0 flex-1" : "overflow-x-auto"}>
        {scene && ready && box.width > 0 && canvas.height > 0 ? (
          <LazyTopologyCanvas
            layout={fitted?.layout ?? scene.layout}
            frame={{ ...scene.frame, ...NO_MENU }}
            width={canvas.width}
            height={canvas.height}
            maxZoom={room ? ROOM_MAX_ZOOM : 1}
            zoom={fitted?.zoom}
            padding={fitted ? padding : undefined}
          />
        ) : (
          <p className="p-4 text-ink-muted">Simulating…</p>
        )}
      </div>
      <p
        className={
          room ? "present-topology-key text-ink-muted" : "border-t border-line px-3 py-2 text-xs text-ink-muted"
        }
      >
        {scene?.frame.reducedMotion
          ? "Numbers on links: messages in flight."
          : "Dots: messages in flight (hollow: lost)."}{" "}
        Hatched: paused. Crossed out: crashed. Dashed: cut off. Broken link: partitioned.
      </p>
    </section>
  );
}
