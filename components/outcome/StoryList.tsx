"use client";

import { memo, useDeferredValue, useMemo, useState } from "react";
import { groupDigits } from "@/lib/sim/format";
import { upperBound } from "@/lib/readers/intervals";
import { storyDigest } from "@/lib/readers/storyDigest";
import type { StoryLine, StoryTone } from "@/lib/readers/story";
import type { SimResult } from "@/lib/sim/simulate";
import { storyOfResult } from "@/lib/readers/derived";
import { selectSetT } from "@/components/lab/selectors";
import { usePlayback } from "@/components/lab/stores";

const toneMark: Record<StoryTone, { label: string; className: string }> = {
  plain: { label: "", className: "border-line" },
  fault: { label: "Fault", className: "border-pause" },
  danger: { label: "Danger", className: "border-danger" },
  safe: { label: "Caught", className: "border-safe" },
};

/**
 * The run told event by event; each sentence is a button that moves the playhead to its moment.
 * The list follows a new run a frame later than the timeline (a deferred value), so moving a
 * slider paints the diagram first.
 */
export function StoryList({ result }: { result: SimResult }) {
  const story = storyOfResult(useDeferredValue(result));
  const [expanded, setExpanded] = useState(false);
  const setT = usePlayback(selectSetT);
  const times = useMemo(() => story.lines.map((line) => line.t), [story]);
  // The line the playhead has most recently passed is the current one; selecting its index, not
  // the playhead, re-renders the list only when the playhead passes a line.
  const current = usePlayback((s) => upperBound(times, s.t + 1e-6) - 1);
  const digest = useMemo(() => storyDigest(story), [story]);
  const shown = expanded ? story.lines.map((line, index) => ({ line, index })) : digest.lines;

  return (
    <div className="mt-5">
      <h3 className="font-semibold">What happened</h3>
      <p className="text-xs text-ink-muted">
        {digest.left > 0 && !expanded
          ? `The key ${shown.length} of ${groupDigits(story.lines.length)} sentences: how the run began and ended, and every fault, harm and caught write. `
          : ""}
        Choose a sentence to move the timeline to that moment.
      </p>
      <ol className="mt-2 space-y-1">
        {shown.map(({ line, index }) => (
          <StoryItem key={`${line.seq}-${index}`} line={line} current={index === current} onJump={setT} />
        ))}
      </ol>
      {digest.left > 0 && (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
          className="mt-2 text-sm font-medium text-link underline underline-offset-2"
        >
          {expanded
            ? `Show the key ${digest.lines.length} sentences`
            : `Show all ${groupDigits(story.lines.length)} sentences`}
        </button>
      )}
      {story.omitted > 0 && (
        <p className="mt-2 text-xs text-ink-muted">
          {groupDigits(story.omitted)} later events are not told here; the timeline shows them all.
        </p>
      )}
    </div>
  );
}

const StoryItem = memo(function StoryItem({
  line,
  current,
  onJump,
}: {
  line: StoryLine;
  current: boolean;
  onJump: (t: number) => void;
}) {
  const tone = toneMark[line.tone];
  return (
    <li>
      <button
        type="button"
        onClick={() => onJump(line.t)}
        aria-current={current ? "step" : undefined}
        className={`w-full rounded-r-md border-l-4 py-1 pr-2 pl-3 text-left text-sm hover:bg-surface ${tone.className} ${current ? "bg-surface font-medium" : ""}`}
      >
        {tone.label && <span className="sr-only">{tone.label}: </span>}
        {line.text}
      </button>
    </li>
  );
});
