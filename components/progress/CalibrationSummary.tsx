"use client";

import Link from "next/link";
import type { LessonSummary } from "@/lib/content/lessonTypes";
import { calibration, tallyText, type CalibrationTally } from "@/lib/store/calibration";
import type { Progress } from "@/lib/store/progressSchema";

function Tallies({ tallies }: { tallies: CalibrationTally[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm tabular-nums">
      {tallies.map((tally) => (
        <li key={tally.confidence ?? "not-said"}>{tallyText(tally)}</li>
      ))}
    </ul>
  );
}

/**
 * How often the learner's lesson predictions were right at each confidence they gave, per lesson
 * (a prediction's concept is its lesson) and across them all, in words and counts. Shown once a
 * prediction has been answered.
 */
export function CalibrationSummary({
  predictions,
  lessons,
  current,
}: {
  predictions: Progress["predictions"];
  lessons: LessonSummary[];
  /** The predictions the lessons ask now, by key, with each question's fingerprint. */
  current: ReadonlyMap<string, string>;
}) {
  const { overall, concepts } = calibration(predictions, lessons, current);
  if (concepts.length === 0) return null;
  return (
    <section aria-labelledby="calibration-heading" className="rounded-xl border border-line p-5 sm:p-6">
      <h3 id="calibration-heading" className="text-lg font-bold">
        Your predictions: how sure, how often right
      </h3>
      <p className="mt-1 text-sm text-ink-muted">
        How often your lesson predictions were right at each confidence you gave, in all lessons and in each (a lesson
        is one concept).
      </p>
      <div className="mt-3">
        <p className="font-semibold">All lessons</p>
        <Tallies tallies={overall} />
      </div>
      <ul aria-label="By lesson" className="mt-3 divide-y divide-line border-t border-line">
        {concepts.map((concept) => (
          <li key={concept.lesson} className="py-2.5">
            <Link
              href={`/learn/${concept.lesson}/`}
              className="font-medium text-link underline-offset-2 hover:underline"
            >
              {concept.title}
            </Link>
            <Tallies tallies={concept.tallies} />
          </li>
        ))}
      </ul>
    </section>
  );
}
