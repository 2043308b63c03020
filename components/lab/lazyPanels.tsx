"use client";

/**
 * The lab's panels below the fold — the comparison, real vs model, the load panel and the explorer — each in its
 * own chunk, so the lab's first load carries only what its first screen shows. A panel loads when
 * it comes near the viewport (600 px ahead, so a reader scrolling down finds it there), or when it
 * is opened: a link's twin run (`compare=`) or failure map (`map=`) loads its panel at once. A link
 * to Real vs model (#real-heading) lands on its placeholder's heading, which is then in view. The
 * names stay those of the panels, so the lab's layout uses them as it always did.
 */
import dynamic from "next/dynamic";
import { createContext, useContext, useRef, useState, type ReactNode } from "react";
import { useNearViewport } from "@/components/ui/useNearViewport";
import { selectCompare, selectMap, selectResolved } from "./selectors";
import { useScenario } from "./stores";

function PanelPlaceholder({ what }: { what: string }) {
  return <p className="min-h-40 rounded-xl border border-line p-4 text-ink-muted">Loading {what}…</p>;
}

const Compare = dynamic(() => import("@/components/compare/ComparePanel").then((m) => m.ComparePanel), {
  ssr: false,
  loading: () => <PanelPlaceholder what="the comparison" />,
});
const RealRuns = dynamic(() => import("@/components/real/RealRunsPanel").then((m) => m.RealRunsPanel), {
  ssr: false,
  loading: () => <RealRunsPlaceholder />,
});
const Load = dynamic(() => import("@/components/load/LoadPanel").then((m) => m.LoadPanel), {
  ssr: false,
  loading: () => <PanelPlaceholder what="the load panel" />,
});
const Explore = dynamic(() => import("@/components/explore/ExplorePanel").then((m) => m.ExplorePanel), {
  ssr: false,
  loading: () => <PanelPlaceholder what="the explorer" />,
});

/**
 * A file dropped on Real vs model before the panel has loaded: its placeholder keeps it, and the
 * panel opens it once it is there, rather than the browser opening the file in place of the lab.
 */
const HeldDrop = createContext<{ held: File | null; hold(file: File): void }>({ held: null, hold: () => {} });

/** Real vs model's place keeps its heading, so a link to #real-heading (a lesson's recorded run) lands there. */
function RealRunsPlaceholder() {
  const { held, hold } = useContext(HeldDrop);
  return (
    <section
      aria-labelledby="real-heading"
      className="min-h-40 rounded-xl border border-line p-4"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        const file = e.dataTransfer.files[0];
        if (file) hold(file);
      }}
    >
      <h2 id="real-heading" className="text-lg font-semibold">
        Real vs model
      </h2>
      <p className="text-ink-muted" role="status">
        {held ? `Loading the panel; “${held.name}” opens as soon as it is here…` : "Loading the recorded runs…"}
      </p>
    </section>
  );
}

/**
 * The panel once it has come near the viewport or been opened, and from then on; its placeholder
 * until then. Kept once shown, since opening can end while the panel is in use: the explorer takes
 * a malformed `map=` out of the link and says why, and must stay to say it.
 */
function WhenNear({
  placeholder,
  opened = false,
  children,
}: {
  placeholder: ReactNode;
  opened?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  const [shown, setShown] = useState(false);
  // Set while rendering, so React renders again at once and the placeholder is never committed.
  if (!shown && (near || opened)) setShown(true);
  return shown ? children : <div ref={ref}>{placeholder}</div>;
}

export function ComparePanel() {
  const opened = useScenario(selectCompare) !== null;
  return (
    <WhenNear placeholder={<PanelPlaceholder what="the comparison" />} opened={opened}>
      <Compare />
    </WhenNear>
  );
}

export function RealRunsPanel() {
  const [held, hold] = useState<File | null>(null);
  return (
    <HeldDrop.Provider value={{ held, hold }}>
      <WhenNear placeholder={<RealRunsPlaceholder />}>
        <RealRuns dropped={held} />
      </WhenNear>
    </HeldDrop.Provider>
  );
}

/** The load panel shows only for a stream of jobs: no placeholder holds its place for other workloads. */
export function LoadPanel() {
  const stream = useScenario(selectResolved).workload.kind === "stream";
  return stream ? (
    <WhenNear placeholder={<PanelPlaceholder what="the load panel" />}>
      <Load />
    </WhenNear>
  ) : null;
}

export function ExplorePanel() {
  const opened = useScenario(selectMap) !== null;
  return (
    <WhenNear placeholder={<PanelPlaceholder what="the explorer" />} opened={opened}>
      <Explore />
    </WhenNear>
  );
}
