"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { loadShippedTrace, shippedTraces } from "@/lib/real/shipped";
import { keyCounts, verdictOf } from "@/lib/readers/summaryText";
import { TwinTimelines } from "@/components/compare/TwinTimelines";
import { StoryList } from "@/components/outcome/StoryList";
import { VerdictBadge } from "@/components/outcome/VerdictBadge";
import { secondaryButton } from "@/components/ui/button";
import { AgreementTable } from "./AgreementTable";
import { useOpenTrace } from "./useOpenTrace";
import { groupDigits } from "@/lib/sim/format";

/** The longest paste laid out in the box (about 2,000 lines of a history); a longer one opens directly. */
const PASTE_SHOWN_CHARS = 200_000;

/**
 * Real runs: a run recorded on real Redis, etcd or PostgreSQL (a shipped one, or a trace file
 * picked or dropped here), checked by the engine's own checker and drawn with the model's run of
 * the same scenario stacked under it, one playhead for both, and the fields where they differ.
 * A user's own lock history (picked, dropped or pasted) is checked and drawn the same way, alone.
 * `dropped` is a file dropped on the panel's placeholder before the panel loaded: it opens on arrival.
 */
export function RealRunsPanel({ dropped = null }: { dropped?: File | null }) {
  const { state, shown: run, openFile, openText, openValue, cancel } = useOpenTrace();
  const openedDrop = useRef<File | null>(null);
  useEffect(() => {
    if (!dropped || openedDrop.current === dropped) return;
    openedDrop.current = dropped;
    openFile(dropped);
  }, [dropped, openFile]);
  const [dragging, setDragging] = useState(false);
  // The box is left uncontrolled: a controlled textarea re-rendered a pasted 6 MB history for 1.6 s.
  const pasteBox = useRef<HTMLTextAreaElement>(null);
  const [pasteEmpty, setPasteEmpty] = useState(true);
  const pasteId = useId();
  const openShipped = async (id: string) => openValue(`${id}.json`, await loadShippedTrace(id));
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) openFile(file);
  };

  return (
    <section aria-labelledby="real-heading" className="rounded-xl border border-line bg-page">
      <div
        className={`space-y-3 p-3 sm:px-4 ${dragging ? "outline-2 outline-dashed outline-focus" : ""}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="real-heading" className="text-lg font-semibold">
            Real vs model
          </h2>
          <p className="text-sm text-ink-muted">
            Runs recorded on real Redis, etcd and PostgreSQL, and your own lock histories
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label className={`${secondaryButton} cursor-pointer focus-within:outline-2 focus-within:outline-focus`}>
            Open a recorded run or a lock history
            <input
              type="file"
              accept="application/json,.json,.jsonl,.ndjson"
              className="sr-only"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) openFile(file);
                e.target.value = "";
              }}
            />
          </label>
          <span className="text-sm text-ink-muted">
            or drop one here: a trace made by npm run real, or a history in the{" "}
            <Link href="/lab/history-format/" className="text-link underline underline-offset-2">
              lock history format
            </Link>
            .
          </span>
        </div>
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">Paste a lock history</summary>
          <div className="mt-2 space-y-2">
            <label htmlFor={pasteId} className="block text-ink-muted">
              Lock history, one JSON event a line after its header line
            </label>
            <textarea
              id={pasteId}
              ref={pasteBox}
              onInput={(e) => setPasteEmpty(e.currentTarget.value.trim() === "")}
              onPaste={(e) => {
                // A large paste is opened at once, in the worker, without being laid out in the box.
                const text = e.clipboardData.getData("text");
                if (text.length <= PASTE_SHOWN_CHARS) return;
                e.preventDefault();
                openText(
                  `the pasted history (${groupDigits(text.length)} characters, opened without showing it here)`,
                  text,
                );
              }}
              rows={6}
              spellCheck={false}
              className="w-full rounded-md border border-line bg-page p-2 font-mono text-xs"
            />
            <button
              type="button"
              className={secondaryButton}
              disabled={pasteEmpty}
              onClick={() => openText("the pasted history", pasteBox.current?.value ?? "")}
            >
              Open the pasted history
            </button>
          </div>
        </details>
        <div role="group" aria-label="Shipped recordings" className="flex flex-wrap gap-1.5">
          {shippedTraces.map((t) => (
            <button
              key={t.id}
              type="button"
              className="rounded-md border border-line px-2.5 py-1.5 text-sm hover:bg-surface"
              onClick={() => void openShipped(t.id)}
            >
              {t.title}
            </button>
          ))}
        </div>
        <div aria-live="polite">
          {state.kind === "opening" && (
            <div className="flex flex-wrap items-center gap-2">
              <p role="status">
                Opening {state.name}…{state.share === null ? "" : ` ${Math.round(state.share * 100)} % read`}
              </p>
              <button type="button" className={secondaryButton} onClick={cancel}>
                Cancel
              </button>
            </div>
          )}
          {state.kind === "done" && !state.ok && (
            <div role="alert" className="rounded-lg border-l-4 border-danger bg-surface p-3 text-sm">
              <p className="font-semibold">
                {state.name} could not be opened{run ? `; ${run.title} is still open below` : ""}:
              </p>
              <ul className="mt-1 list-disc pl-5">
                {state.errors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </div>
      {run && (
        <div className="border-t border-line">
          <div className="space-y-3 p-3 sm:px-4">
            <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
              <VerdictBadge word={verdictOf(run.recorded.summary, run.recorded.scenario).word} />
              <p className="min-w-0 flex-1 basis-64 pt-1 font-medium">
                {run.kind === "recording" ? "Recorded" : "Lock history"}: {run.title}.{" "}
                {verdictOf(run.recorded.summary, run.recorded.scenario).sentence}
              </p>
            </div>
            <ul className="grid gap-x-6 gap-y-1 text-sm text-ink-muted sm:grid-cols-2">
              {keyCounts(run.recorded.summary, run.recorded.scenario).map((line) => (
                <li key={line}>· {line}</li>
              ))}
            </ul>
            {run.kind === "recording" && <AgreementTable rows={run.rows} />}
          </div>
          <TwinTimelines
            sides={
              run.kind === "recording"
                ? [
                    { letter: "R", title: "Recorded on real servers", result: run.recorded },
                    { letter: "M", title: "The model, same scenario", result: run.model },
                  ]
                : [{ letter: "H", title: "The lock history", result: run.recorded }]
            }
            divergenceT={run.kind === "recording" ? run.differsAt : null}
          />
          <div className="p-3 sm:px-4">
            <h3 className="text-sm font-semibold">
              {run.kind === "recording"
                ? "How this recording differs from the model's world"
                : "How the lab reads this history"}
            </h3>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-ink-muted">
              {run.recorded.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
            <StoryList result={run.recorded} />
          </div>
        </div>
      )}
    </section>
  );
}
