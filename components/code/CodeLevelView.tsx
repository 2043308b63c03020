"use client";

/**
 * A code level, live: the editor (its own chunk), Run (one seeded run on the lab's timeline, with
 * the learner's log lines and the story), Check (every schedule of the level's world, in the
 * sandbox, with progress; the shortest failing schedule opens on the timeline in one click, its
 * bad write's line marked in the editor), Submit (safety, liveness and par, recorded in progress
 * only from a verdict the sandbox runner validated for this level and this very code). An
 * interview level runs against the clock and keeps its world hidden until it is submitted.
 *
 * The learner's code never runs on this page: only in the sandbox's worker, and only when the
 * learner presses Run, Check or Submit, so code opened from a shared link waits for the reader.
 */
import dynamic from "next/dynamic";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ApiDoc } from "@/lib/challenges/codeApi";
import type { CodeVerdict } from "@/lib/challenges/codeCheck";
import type { CodeLevel } from "@/lib/challenges/codeLevel";
import { codeFromSearch, codeKeep, codeKept, codeSearch } from "@/lib/challenges/codeShare";
import type { SimResult } from "@/lib/sim/simulate";
import type { CodeJobs, CodeOutcome } from "@/lib/workers/codeRunner";
import { selectCodeLevels, selectHydrated, selectPassCodeLevel } from "@/lib/store/progressSelectors";
import { useProgress } from "@/components/progress/useProgress";
import { useHydrated } from "@/components/ui/useHydrated";
import { primaryButton, secondaryButton } from "@/components/ui/button";
import { ShareLink } from "@/components/challenges/ShareLink";
import type { NextLevel } from "@/components/challenges/NextLevelLink";
import type { CodeRunRequest } from "./CodeRun";
import type { LineProblem } from "./CodeEditor";
import { Hints } from "@/components/challenges/Hints";
import { checkHeadline, codeWorldText, counterexampleReason, parText } from "./codeText";

const CodeEditor = dynamic(() => import("./CodeEditor"), {
  ssr: false,
  loading: () => <p className="rounded-lg border border-line p-3 text-sm text-ink-muted">Loading the editor…</p>,
});
const CodeRun = dynamic(() => import("./CodeRun"), {
  ssr: false,
  loading: () => <p className="text-sm text-ink-muted">Loading the timeline…</p>,
});

/** The sandbox runner, loaded with the first job (or as the page settles), one per page. */
let jobsLoaded: Promise<CodeJobs> | null = null;
const loadJobs = (level: CodeLevel) =>
  (jobsLoaded ??= import("@/lib/workers/codeRunner").then(({ createCodeJobs }) => {
    const jobs = createCodeJobs();
    // Each fresh worker first runs the level's starter (course code), so the engine is hot for the learner's.
    jobs.warm({ source: level.starter, scenario: level.scenario });
    return jobs;
  }));

type Busy = { kind: "run" | "check" | "submit"; tried: number; total: number | null } | null;
type Status = { tone: "plain" | "error"; text: string } | null;

/** A button that keeps its focus while a job runs: it only looks, and says, it is unavailable. */
const waiting = "aria-disabled:cursor-not-allowed aria-disabled:opacity-60";

/** The write a counterexample turns on: the first that damaged storage, by the line its client's code sent it from. */
export function badWriteLine(result: SimResult): number | null {
  const bad = result.facts.writes.find(
    (w) => w.lostIncrements > 0 || w.duplicateOf !== null || (w.stale !== null && w.applied && !w.rejection),
  );
  const thrown = result.events.find((e) => e.kind === "code-error" && e.line !== null);
  if (!bad) return thrown && thrown.kind === "code-error" ? thrown.line : null;
  let line: number | null = null;
  for (const e of result.events) {
    if (e.seq >= bad.seq) break;
    if (e.kind === "code-call" && e.proc === bad.client) line = e.line;
  }
  return line;
}

const errorsOf = (result: SimResult): LineProblem[] =>
  result.events.flatMap((e) =>
    e.kind === "code-error" && e.line !== null ? [{ line: e.line, message: `${e.proc}: ${e.message}` }] : [],
  );

export interface CodeLevelProps {
  /** The level, without its reference solution (the page never ships it). */
  level: CodeLevel;
  docs: readonly ApiDoc[];
  kicker: string;
  next: NextLevel | null;
  /** The open sandbox: Run and Check against the level's world, no grade, nothing recorded. */
  sandbox?: boolean;
}

/** What the editor opens on: a shared link's code, else this browser's for the level, else the starter. */
function openingCode(level: CodeLevel): { source: string; note: Status } {
  const linked = codeFromSearch(window.location.search);
  if (linked && "source" in linked)
    return {
      source: linked.source,
      note: {
        tone: "plain",
        text: "This link opened someone's code for this level. It runs only when you press Run, Check or Submit; your own code for this level is kept until you edit this.",
      },
    };
  const kept = codeKept(window.localStorage, level.slug) ?? level.starter;
  return {
    source: kept,
    note: linked ? { tone: "error", text: `${linked.problem} Here is your own code for this level instead.` } : null,
  };
}

/** The level as the HTML has it (the starter code), until the page has hydrated and the live level takes over. */
export function CodeLevelView(props: CodeLevelProps) {
  const hydrated = useHydrated();
  if (!hydrated)
    return (
      <pre className="overflow-x-auto rounded-lg border border-line p-3 text-sm">
        <code>{props.level.starter}</code>
      </pre>
    );
  return <CodeWorkbench {...props} />;
}

function CodeWorkbench({ level, docs, next, sandbox = false }: CodeLevelProps) {
  const interview = level.interview;
  const [opening] = useState(() => openingCode(level));
  const [source, setSource] = useState(opening.source);
  const linkNote = opening.note;
  const [busy, setBusy] = useState<Busy>(null);
  const [status, setStatus] = useState<Status>(null);
  const [problems, setProblems] = useState<readonly LineProblem[]>([]);
  const [marked, setMarked] = useState<number | null>(null);
  const [run, setRun] = useState<CodeRunRequest | null>(null);
  const [jobs, setJobs] = useState<CodeJobs | null>(null);
  const [verdict, setVerdict] = useState<{ verdict: CodeVerdict; graded: boolean; source: string } | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [editorKey, setEditorKey] = useState(0);
  const markCounterexample = useRef(false);
  const stop = useRef<(() => void) | null>(null);
  const passed = useProgress(selectCodeLevels)[level.slug];
  const hydrated = useProgress(selectHydrated);
  const pass = useProgress(selectPassCodeLevel);

  useEffect(() => {
    // The sandbox and the timeline's code load as the page settles, so the first Run waits for neither.
    const idle = window.setTimeout(() => {
      void loadJobs(level).then(setJobs);
      void import("./CodeRun");
    }, 300);
    return () => {
      window.clearTimeout(idle);
      stop.current?.();
    };
  }, [level]);

  const edited = useCallback(
    (next: string) => {
      setSource(next);
      codeKeep(window.localStorage, level.slug, next === level.starter ? null : next);
    },
    [level.slug, level.starter],
  );

  const heard = useCallback((outcome: CodeOutcome) => {
    setBusy(null);
    if (outcome.kind === "compile-error") {
      setStatus({
        tone: "error",
        text: outcome.line === null ? outcome.message : `Line ${outcome.line}: ${outcome.message}`,
      });
      setProblems(outcome.line === null ? [] : [{ line: outcome.line, message: outcome.message }]);
    } else if (outcome.kind === "stopped") setStatus({ tone: "error", text: outcome.message });
  }, []);

  const shown = useCallback((result: SimResult) => {
    const errors = errorsOf(result);
    setProblems(errors);
    const line = markCounterexample.current ? badWriteLine(result) : null;
    markCounterexample.current = false;
    setMarked(line);
    const { jobsDone, verdict } = result.summary;
    const first = errors[0];
    const threw = first ? `; your code threw at line ${first.line}: ${first.message}` : "";
    const marking = line === null ? "" : ` The write that broke it was sent from line ${line}, marked in the editor.`;
    setStatus({
      tone: first ? "error" : "plain",
      text: `Run shown on the timeline: ${jobsDone} job${jobsDone === 1 ? "" : "s"} done, storage ${verdict === "unsafe" ? "damaged" : "intact"}${threw}.${marking}`,
    });
  }, []);

  const startRun = async (scenario = level.scenario, counterexample = false) => {
    const ready = jobs ?? (await loadJobs(level));
    setJobs(ready);
    stop.current?.();
    markCounterexample.current = counterexample;
    setStatus({ tone: "plain", text: "Running your client in the sandbox…" });
    setRun((r) => ({ key: (r?.key ?? 0) + 1, scenario, source }));
  };

  const startCheck = async (graded: boolean) => {
    const ready = jobs ?? (await loadJobs(level));
    setJobs(ready);
    stop.current?.();
    setBusy({ kind: graded ? "submit" : "check", tried: 0, total: null });
    setStatus({ tone: "plain", text: graded ? "Grading your client on every schedule…" : "Checking every schedule…" });
    const checked = source;
    stop.current = ready.start(
      { kind: "check", source: checked, level },
      {
        progress: (tried, total) => setBusy((b) => (b ? { ...b, tried, total } : b)),
        done: (outcome) => {
          stop.current = null;
          heard(outcome);
          if (outcome.kind !== "verdict") return;
          const v = outcome.verdict;
          setVerdict({ verdict: v, graded, source: checked });
          setProblems(
            v.errors.flatMap((e) => (e.line === null ? [] : [{ line: e.line, message: `${e.client}: ${e.message}` }])),
          );
          setStatus({ tone: v.passed ? "plain" : "error", text: `${checkHeadline(v)}.` });
          if (graded) {
            setSubmitted(true);
            if (v.passed && v.par.yours !== null)
              pass(level.slug, {
                fingerprint: outcome.fingerprint,
                best: { kind: v.par.kind, value: v.par.yours, met: v.par.met },
              });
          }
        },
      },
    );
  };

  const cancel = () => {
    stop.current?.();
    stop.current = null;
    setBusy(null);
    setStatus({ tone: "plain", text: "Stopped." });
  };

  const worldShown = !interview || submitted;
  const current = verdict && verdict.source === source ? verdict : null;
  const cx = current?.verdict.counterexample ?? null;

  return (
    <div className="space-y-6">
      {linkNote && (
        <div
          role={linkNote.tone === "error" ? "alert" : "note"}
          className="rounded-lg border-l-4 border-link bg-surface p-3 text-sm"
        >
          {linkNote.text}
        </div>
      )}
      {interview && <InterviewClock minutes={interview.minutes} stopped={submitted} />}
      <section aria-labelledby="world-heading" className="rounded-xl border border-line p-4 text-sm">
        <h2 id="world-heading" className="text-lg font-semibold">
          What it is checked against
        </h2>
        {worldShown ? (
          <p className="mt-1">{codeWorldText(level.world)}</p>
        ) : (
          <p className="mt-1">Interview: the faults your client is checked against stay hidden until you submit.</p>
        )}
        <p className="mt-1">
          Goal: storage never damaged, and at least {level.goal.jobs} jobs done, in every schedule. {parText(level.par)}
        </p>
        {!sandbox && hydrated && passed && (
          <p className="mt-1 font-semibold">
            <span aria-hidden="true">✓ </span>You passed this level{passed.best.met ? ", at par or better" : ""}.
          </p>
        )}
      </section>

      <section aria-labelledby="editor-heading" className="space-y-2">
        <h2 id="editor-heading" className="text-lg font-semibold">
          Your client
        </h2>
        <p id="editor-keys" className="text-sm text-ink-muted">
          Tab indents inside the editor. To leave it with the keyboard, press Escape, then Tab (Escape twice if a list
          of completions is open). Ctrl+Space lists the API&apos;s calls; hover or complete a call to read what it does.
        </p>
        <CodeEditor
          key={editorKey}
          initial={source}
          onChange={edited}
          docs={docs}
          problems={problems}
          marked={marked}
          label="Your lock client's code"
        />
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className={`${primaryButton} ${waiting}`}
            onClick={() => busy === null && void startRun()}
            aria-disabled={busy !== null}
          >
            Run
          </button>
          {!interview && (
            <button
              type="button"
              className={`${secondaryButton} ${waiting}`}
              onClick={() => busy === null && void startCheck(false)}
              aria-disabled={busy !== null}
            >
              Check every schedule
            </button>
          )}
          {!sandbox && (
            <button
              type="button"
              className={`${secondaryButton} ${waiting}`}
              onClick={() => busy === null && !(interview !== null && submitted) && void startCheck(true)}
              aria-disabled={busy !== null || (interview !== null && submitted)}
            >
              Submit
            </button>
          )}
          {busy && (
            <button type="button" className={secondaryButton} onClick={cancel}>
              Stop
            </button>
          )}
        </div>
        <div role="status" aria-live="polite" className="min-h-6 text-sm">
          {busy && busy.kind !== "run" && (
            <p>
              {busy.kind === "submit" ? "Grading" : "Checking"}: {busy.tried}{" "}
              {busy.total === null ? "" : `of ${busy.total} `}schedules so far…
            </p>
          )}
          {!busy && status && <p className={status.tone === "error" ? "font-semibold" : ""}>{status.text}</p>}
        </div>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className={secondaryButton}
            onClick={() => {
              edited(level.starter);
              // A new editor opens on the starter: an open editor's text belongs to it.
              setEditorKey((k) => k + 1);
            }}
          >
            Back to the starter code
          </button>
          <ShareLink
            label="Copy a link to this code"
            search={() => codeSearch(source)}
            copied="Link copied: it opens this level with your code."
          />
        </div>
      </section>

      {current && (
        <VerdictPanel
          verdict={current.verdict}
          graded={current.graded}
          interview={interview !== null}
          reason={counterexampleReason(current.verdict)}
          onOpen={cx ? () => void startRun(cx.scenario, true) : null}
          next={next}
        />
      )}

      {run && jobs && (
        <section aria-labelledby="run-heading" className="space-y-2">
          <h2 id="run-heading" className="text-lg font-semibold">
            The run
          </h2>
          <CodeRun request={run} slug={level.slug} jobs={jobs} onOutcome={heard} onResult={shown} />
        </section>
      )}

      {!sandbox && (!interview || submitted) && <Hints hints={level.hintsHtml} html />}
      {!sandbox && <ReadAfter links={level.readAfter} />}
    </div>
  );
}

function VerdictPanel({
  verdict,
  graded,
  interview,
  reason,
  onOpen,
  next,
}: {
  verdict: CodeVerdict;
  graded: boolean;
  interview: boolean;
  reason: string | null;
  onOpen: (() => void) | null;
  next: NextLevel | null;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [verdict]);
  const mark = (ok: boolean) => (
    <span aria-hidden="true" className="inline-block w-4 font-bold">
      {ok ? "✓" : "✗"}
    </span>
  );
  return (
    <section
      aria-labelledby="verdict-heading"
      className={`rounded-xl border-l-4 bg-surface p-4 text-sm ${verdict.passed ? "border-safe" : "border-danger"}`}
    >
      <h2 id="verdict-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold">
        {graded
          ? verdict.passed
            ? interview
              ? "Pass"
              : "Passed"
            : interview
              ? "Fail"
              : "Not passed yet"
          : checkHeadline(verdict)}
      </h2>
      {graded && <p className="mt-1">{checkHeadline(verdict)}.</p>}
      <ul className="mt-2 space-y-1">
        <li>
          {mark(verdict.safe)} Safety:{" "}
          {verdict.safe ? "storage was never damaged" : "storage was damaged in some schedule"}
        </li>
        <li>
          {mark(verdict.live)} Liveness:{" "}
          {verdict.live ? "every schedule got its jobs done" : "some schedule did not get its jobs done"}
        </li>
        <li>
          {/* Par is a score for a client that works: a client that gets nothing done does not meet it with few calls. */}
          {mark(verdict.par.met && verdict.live)}{" "}
          {verdict.live
            ? parText(verdict.par, verdict.par.yours)
            : `${parText(verdict.par)} It counts once every schedule gets its jobs done.`}
        </li>
      </ul>
      {verdict.counterexample && (
        <div className="mt-3">
          <p className="font-semibold">The shortest schedule that breaks it: {reason}.</p>
          <ul className="list-disc pl-5">
            {verdict.counterexample.explanations.length === 0 ? (
              <li>No fault at all: the client fails as it is.</li>
            ) : (
              verdict.counterexample.explanations.map((e) => <li key={e}>{e}</li>)
            )}
          </ul>
          {onOpen && (
            <button type="button" className={`${primaryButton} mt-2`} onClick={onOpen}>
              Show it on the timeline
            </button>
          )}
        </div>
      )}
      {graded && verdict.passed && next && (
        <p className="mt-3">
          <a href={next.href} className="font-semibold text-link underline underline-offset-2">
            Next level: {next.title}
          </a>
        </p>
      )}
    </section>
  );
}

/** An interview level's countdown: minutes and seconds left, said to a screen reader once a minute, not every second. */
function InterviewClock({ minutes, stopped }: { minutes: number; stopped: boolean }) {
  const [left, setLeft] = useState(minutes * 60);
  useEffect(() => {
    if (stopped) return;
    const started = Date.now() - (minutes * 60 - left) * 1000;
    const timer = window.setInterval(
      () => setLeft(Math.max(0, minutes * 60 - Math.floor((Date.now() - started) / 1000))),
      1000,
    );
    return () => window.clearInterval(timer);
    // The clock starts once; `left` is read only to resume from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [minutes, stopped]);
  const text = useMemo(() => `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`, [left]);
  return (
    <div className="rounded-xl border border-line p-4">
      <p className="text-sm font-semibold">
        Interview mode: implement it, then submit. Pass or fail; the world and the counterexample show after.
      </p>
      <p className="mt-1 text-2xl font-bold tabular-nums" role="timer" aria-label={`Time left: ${text}`}>
        {stopped ? "Submitted" : left > 0 ? text : "Time is up"}
      </p>
      {left === 0 && !stopped && <p role="alert">Time is up: submit what you have.</p>}
    </div>
  );
}

function ReadAfter({ links }: { links: CodeLevel["readAfter"] }) {
  return (
    <section aria-labelledby="read-after-heading" className="rounded-xl border border-line p-4 text-sm">
      <h2 id="read-after-heading" className="text-lg font-semibold">
        Read after
      </h2>
      <ul className="mt-1 list-disc pl-5">
        {links.map((l) => (
          <li key={l.href}>
            <a href={l.href} className="text-link underline underline-offset-2">
              {l.title}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
