"use client";

import dynamic from "next/dynamic";
import type { ComponentProps } from "react";
import type { TopologyCanvas } from "./TopologyCanvas";

/**
 * React Flow, with its own d3 zoom and drag, is the heaviest library the lab, the lessons and the
 * decks load, and the topology is never the first thing a page shows: so its picture comes in its
 * own chunk after the page has painted, in a box already of its size so nothing below it moves.
 */
const Canvas = dynamic(() => import("./TopologyCanvas").then((m) => m.TopologyCanvas), { ssr: false });

export function LazyTopologyCanvas(props: ComponentProps<typeof TopologyCanvas>) {
  return (
    <div style={{ width: props.width, height: props.height }}>
      <Canvas {...props} />
    </div>
  );
}
