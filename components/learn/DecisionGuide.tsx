"use client";

import "@xyflow/react/dist/style.css";
import Link from "next/link";
import { useEffect, useMemo, useRef, useState } from "react";
import type { DecisionGuide as Guide, GuideNode } from "@/lib/content/lessonTypes";
import { LazyGuideFlowchart } from "./LazyGuideFlowchart";

/**
 * The decision guide (`::decision-guide`): one question at a time, its answers as buttons, down to
 * a recommendation linked to its lesson and preset. The flowchart below it shows the whole guide
 * and the path taken; everything is done from the panel, so the keyboard reaches all of it.
 */
export function DecisionGuide({ guide }: { guide: Guide }) {
  const [path, setPath] = useState<string[]>([guide.start]);
  // content:check has made sure every answer leads to a node of the guide.
  const current = guide.nodes[path.at(-1) ?? guide.start]!;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // After an answer, Back or Restart, the new question is where reading goes on.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [path]);
  const go = (next: string[]) => {
    moved.current = true;
    setPath(next);
  };

  const taken = useMemo(
    () =>
      path.slice(0, -1).map((id, i) => {
        const node = guide.nodes[id] as Extract<GuideNode, { kind: "question" }>;
        return { id, question: node.question, answer: node.answers.find((a) => a.next === path[i + 1])?.label ?? "" };
      }),
    [guide, path],
  );

  return (
    <section aria-labelledby="decision-guide-title" className="my-10 rounded-xl border border-line">
      <h3
        id="decision-guide-title"
        className="border-b border-line bg-surface px-4 py-3 text-lg font-bold tracking-tight"
      >
        Decision guide
      </h3>
      <div>
        <div className="max-w-3xl p-4 sm:p-5">
          <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
            {current.kind === "question" ? `Question ${path.length}` : "Recommendation"}
          </p>
          <h4 ref={headingRef} tabIndex={-1} className="mt-1 text-lg font-semibold focus:outline-none">
            {current.kind === "question" ? current.question : current.recommendation}
          </h4>
          {current.kind === "question" ? (
            <ul className="mt-4 space-y-2" aria-label="Answers">
              {current.answers.map((answer) => (
                <li key={answer.next}>
                  <button
                    type="button"
                    onClick={() => go([...path, answer.next])}
                    className="w-full rounded-lg border-2 border-line bg-page px-3 py-2 text-left font-medium hover:border-link"
                  >
                    {answer.label}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <div className="mt-3 space-y-3">
              <p>{current.why}</p>
              <p className="flex flex-wrap gap-x-5 gap-y-2">
                <Link
                  href={`/learn/${current.lesson.slug}/`}
                  className="font-medium text-link underline underline-offset-2"
                >
                  Lesson {current.lesson.number}: {current.lesson.title}
                </Link>
                {/* A full page load: the lab reads its scenario from the URL it is opened with. */}
                <a
                  href={`/lab/?preset=${current.preset.id}`}
                  className="font-medium text-link underline underline-offset-2"
                >
                  Open in lab: {current.preset.title}
                </a>
              </p>
            </div>
          )}
          <div className="mt-5 flex gap-2">
            <button
              type="button"
              onClick={() => go(path.slice(0, -1))}
              disabled={path.length === 1}
              className="rounded-md border border-line px-3 py-1.5 text-sm font-semibold hover:bg-surface disabled:opacity-50"
            >
              Back
            </button>
            <button
              type="button"
              onClick={() => go([guide.start])}
              disabled={path.length === 1}
              className="rounded-md border border-line px-3 py-1.5 text-sm font-semibold hover:bg-surface disabled:opacity-50"
            >
              Restart
            </button>
          </div>
          {taken.length > 0 && (
            <div className="mt-5 text-sm">
              <h5 className="font-semibold">Your answers</h5>
              <ol className="mt-1 list-decimal space-y-1 pl-5 text-ink-muted">
                {taken.map((step) => (
                  <li key={step.id}>
                    {step.question} <span className="font-medium text-ink">{step.answer}</span>
                  </li>
                ))}
              </ol>
            </div>
          )}
        </div>
        <div className="border-t border-line">
          <LazyGuideFlowchart guide={guide} path={path} onBackTo={(index) => go(path.slice(0, index + 1))} />
        </div>
      </div>
    </section>
  );
}
