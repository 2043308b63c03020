"use client";

import { useState, type DragEvent } from "react";
import { loadShippedTrace, shippedTraces } from "@/lib/real/shipped";
import { keyCounts, verdictOf } from "@/lib/run/summaryText";
import { TwinTimelines } from "@/components/compare/TwinTimelines";
import { StoryList } from "@/components/outcome/StoryList";
import { VerdictBadge } from "@/components/outcome/VerdictBadge";
import { secondaryButton } from "@/components/ui/button";
import { AgreementTable } from "./AgreementTable";
import { useOpenTrace } from "./useOpenTrace";

/**
 * Real runs: a run recorded on real Redis, etcd or PostgreSQL (a shipped one, or a trace file
 * picked or dropped here), checked by the engine's own checker and drawn with the model's run of
 * the same scenario stacked under it, one playhead for both, and the fields where they differ.
 */
export function RealRunsPanel() {
  const { state, openFile, openValue } = useOpenTrace();
  const [dragging, setDragging] = useState(false);
  const openShipped = async (id: string) => openValue(`${id}.json`, await loadShippedTrace(id));
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) openFile(file);
  };
  const run = state.kind === "done" && state.ok ? state.run : null;

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
          <p className="text-sm text-ink-muted">Runs recorded on real Redis, etcd and PostgreSQL</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label className={`${secondaryButton} cursor-pointer focus-within:outline-2 focus-within:outline-focus`}>
            Open a recorded run
            <input
              type="file"
              accept="application/json,.json"
              className="sr-only"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) openFile(file);
                e.target.value = "";
              }}
            />
          </label>
          <span className="text-sm text-ink-muted">or drop a trace file here (made by npm run real).</span>
        </div>
        <div role="group" aria-label="Shipped recordings" className="flex flex-wrap gap-1.5">
          {shippedTraces.map((t) => (
            <button key={t.id} type="button" className="rounded-md border border-line px-2.5 py-1.5 text-sm hover:bg-surface" onClick={() => void openShipped(t.id)}>
              {t.title}
            </button>
          ))}
        </div>
        <div aria-live="polite">
          {state.kind === "opening" && <p role="status">Opening {state.name}…</p>}
          {state.kind === "done" && !state.ok && (
            <div role="alert" className="rounded-lg border-l-4 border-danger bg-surface p-3 text-sm">
              <p className="font-semibold">{state.name} could not be opened:</p>
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
              <VerdictBadge word={run.recorded.summary.verdict === "safe" ? "Safe" : "Unsafe"} />
              <p className="min-w-0 flex-1 basis-64 pt-1 font-medium">
                Recorded: {run.title}. {verdictOf(run.recorded.summary, run.recorded.scenario).sentence}
              </p>
            </div>
            <ul className="grid gap-x-6 gap-y-1 text-sm text-ink-muted sm:grid-cols-2">
              {keyCounts(run.recorded.summary, run.recorded.scenario).map((line) => (
                <li key={line}>· {line}</li>
              ))}
            </ul>
            <AgreementTable rows={run.rows} />
          </div>
          <TwinTimelines
            sides={[
              { letter: "R", title: "Recorded on real servers", result: run.recorded },
              { letter: "M", title: "The model, same scenario", result: run.model },
            ]}
            divergenceT={null}
          />
          <div className="p-3 sm:px-4">
            <h3 className="text-sm font-semibold">How this recording differs from the model&apos;s world</h3>
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
