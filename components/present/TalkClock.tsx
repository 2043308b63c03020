"use client";

import { useEffect, useState } from "react";
import { deckPace, formatTalkTime } from "@/lib/present/pace";

/**
 * The elapsed time since the talk started (when this view opened, or was restarted) and the pace
 * against the deck's planned minutes, in words and a shape, not only a colour.
 */
export function TalkClock({ slide, slideCount, minutes }: { slide: number; slideCount: number; minutes: number }) {
  // Null until mounted: the static HTML shows 0:00, and the clock starts in the browser.
  const [clock, setClock] = useState<{ start: number; now: number } | null>(null);
  useEffect(() => {
    const tick = () => setClock((c) => (c ? { ...c, now: Date.now() } : { start: Date.now(), now: Date.now() }));
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  const elapsedMs = clock ? clock.now - clock.start : 0;
  const pace = deckPace({ elapsedMs, slide, slideCount, minutes });
  const paceText =
    pace.status === "on-pace"
      ? "On pace"
      : `${formatTalkTime(pace.byMs)} ${pace.status === "ahead" ? "ahead" : "behind"}`;
  const tone =
    pace.status === "behind"
      ? "border-danger text-danger-ink"
      : pace.status === "ahead"
        ? "border-oi-blue text-link"
        : "border-safe text-safe-ink";

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
      <p className="text-lg">
        <span className="sr-only">Elapsed: </span>
        <span className="font-mono text-2xl font-bold tabular-nums">{formatTalkTime(elapsedMs)}</span>
        <span className="text-ink-muted"> of {minutes}:00</span>
      </p>
      <p className={`inline-flex items-center gap-1.5 rounded-full border-2 px-3 py-0.5 font-semibold ${tone}`}>
        <span aria-hidden="true">{pace.status === "behind" ? "▼" : pace.status === "ahead" ? "▲" : "●"}</span>
        <span className="sr-only">Pace: </span>
        {paceText}
      </p>
      <button
        type="button"
        onClick={() => setClock({ start: Date.now(), now: Date.now() })}
        className="rounded-md border border-line px-2.5 py-1 text-sm font-semibold hover:bg-surface"
      >
        Restart timer
      </button>
    </div>
  );
}
