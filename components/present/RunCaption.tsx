"use client";

import { formatClock } from "@/lib/sim/format";
import { storyOfResult } from "@/lib/readers/derived";
import { selectResult, selectT } from "@/components/lab/selectors";
import { usePlayback, useScenario } from "@/components/lab/stores";

/**
 * Under the diagram: the playhead's time and the run's story up to it, in one sentence (the last
 * line of the lab's generated story that the playhead has passed), so the room can read what just
 * happened. It never tells of anything after the playhead, so a prediction is not given away.
 */
export function RunCaption({ title, live }: { title: string; live: boolean }) {
  const result = useScenario(selectResult);
  const t = usePlayback(selectT);
  const line = result ? storyOfResult(result).lines.findLast((l) => l.t <= t + 1e-6) : undefined;
  return (
    <div
      role="group"
      aria-label="What happened by the playhead"
      className="present-caption flex flex-wrap items-baseline gap-x-4 gap-y-1"
    >
      <span className="font-mono font-bold tabular-nums">{formatClock(t)}</span>
      <span className="min-w-0 flex-[1_1_18rem]" aria-live={live ? "polite" : undefined}>
        {line ? line.text : "The run has not started yet."}
      </span>
      <span className="text-ink-muted">{title}</span>
    </div>
  );
}
