"use client";

import Link from "next/link";
import { dueRelative } from "@/components/progress/formatDue";
import { useProgress } from "@/components/progress/useProgress";
import { useNow } from "@/components/progress/useNow";
import type { DrillSummary } from "@/lib/content/types";
import { cardIsDue } from "@/lib/store/progressSchedule";
import type { DrillProgress } from "@/lib/store/progressSchema";
import { selectDrills, selectHydrated } from "@/lib/store/progressSelectors";

type Status = { label: string; due: boolean };

function drillStatus(drill: DrillProgress | undefined, now: Date): Status {
  if (drill?.card) {
    return cardIsDue(drill.card, now)
      ? { label: "Due for review now", due: true }
      : { label: `Next review ${dueRelative(new Date(drill.card.due), now)}`, due: false };
  }
  if (drill?.attempt.answer) return { label: "Draft in progress", due: false };
  return { label: "Not practised yet", due: false };
}

/** Every drill, with whether it is new, in progress, due for review, or scheduled for later. */
export function DrillList({ drills }: { drills: DrillSummary[] }) {
  const hydrated = useProgress(selectHydrated);
  const progress = useProgress(selectDrills);
  const now = useNow();
  const ready = hydrated && now !== null;
  const statuses = ready ? drills.map((d) => drillStatus(progress[d.slug], now)) : [];
  const dueCount = statuses.filter((s) => s.due).length;

  return (
    <>
      <p className="mt-6 min-h-6 font-semibold" aria-live="polite">
        {ready &&
          (dueCount === 0
            ? "No drill is due for review."
            : `${dueCount} ${dueCount === 1 ? "drill is" : "drills are"} due for review.`)}
      </p>
      <ul aria-label="All drills" className="mt-4 grid gap-4 sm:grid-cols-2">
        {drills.map((drill, index) => {
          const status = statuses[index];
          return (
            <li
              key={drill.slug}
              className={`relative flex flex-col rounded-xl border-2 p-5 hover:bg-surface ${status?.due ? "border-focus" : "border-line"}`}
            >
              <p className="text-sm font-semibold text-ink-muted">
                {drill.topic} · {drill.minutes} min
              </p>
              <h2 className="mt-1 text-lg font-bold">
                <Link
                  href={`/drill/${drill.slug}/`}
                  className="rounded-sm after:absolute after:inset-0 after:rounded-xl"
                >
                  {drill.title}
                </Link>
              </h2>
              <p className="mt-auto flex min-h-5 items-center gap-1.5 pt-3 text-sm text-ink-muted">
                {status?.due && <span aria-hidden="true" className="inline-block size-2.5 rounded-full bg-focus" />}
                <span className={status?.due ? "font-semibold text-ink" : ""}>{status?.label}</span>
              </p>
            </li>
          );
        })}
      </ul>
    </>
  );
}
