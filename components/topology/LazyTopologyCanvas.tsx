"use client";

import dynamic from "next/dynamic";
import { useRef, type ComponentProps } from "react";
import { useNearViewport } from "@/components/ui/useNearViewport";
import type { TopologyCanvas } from "./TopologyCanvas";

/**
 * React Flow, with its own d3 zoom and drag, is the heaviest library the lab, the lessons and the
 * decks load, and the topology is never the first thing a page shows: so its picture comes in its
 * own chunk after the page has painted, in a box already of its size so nothing below it moves.
 * It loads once the box comes near the viewport: on a laptop the lab's topology is within a
 * screen of the top and loads at once, on a phone it is three screens down, and its first render
 * (two tasks of 20–30 ms on this machine under Lighthouse's trace) waits until the reader scrolls.
 */
const Canvas = dynamic(() => import("./TopologyCanvas").then((m) => m.TopologyCanvas), { ssr: false });

export function LazyTopologyCanvas(props: ComponentProps<typeof TopologyCanvas>) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  return (
    <div ref={box} style={{ width: props.width, height: props.height }}>
      {near && <Canvas {...props} />}
    </div>
  );
}
