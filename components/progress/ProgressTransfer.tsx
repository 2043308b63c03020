"use client";

import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { primaryButton, secondaryButton } from "@/components/ui/button";
import type { Progress } from "@/lib/store/progressSchema";
import { selectProgress, selectReplaceProgress } from "@/lib/store/progressSelectors";
import {
  IMPORT_MAX_BYTES,
  progressExport,
  progressExportFileName,
  progressHoldings,
  progressImportParse,
} from "@/lib/store/progressTransfer";
import { dueDate } from "./formatDue";
import { useProgress } from "./useProgress";

type Message = { kind: "done" | "error"; text: string } | null;
type Pending = { progress: Progress; exportedAt: string; fileName: string } | null;

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: fileName });
  link.click();
  URL.revokeObjectURL(url);
}

/** Downloads the learner's progress as an export file; returns the file's name. */
export function downloadProgressExport(progress: Progress): string {
  const now = new Date();
  const fileName = progressExportFileName(now);
  download(progressExport(progress, now), fileName);
  return fileName;
}

function describe(progress: Progress): string {
  const sets = Object.values(progress.quizzes).filter((set) => set.best || Object.keys(set.answers).length > 0).length;
  const drills = Object.values(progress.drills).filter((drill) => drill.card).length;
  return `${sets} quiz ${sets === 1 ? "set" : "sets"} and ${drills} rated ${drills === 1 ? "drill" : "drills"}`;
}

/**
 * "Export progress" downloads the learner's progress as a JSON file; "Import progress" reads one
 * back. A file is checked completely, and confirmed, before anything changes; a bad one is refused
 * with the reason, and the current progress stays as it was.
 */
export function ProgressTransfer() {
  const progress = useProgress(selectProgress);
  const replaceProgress = useProgress(selectReplaceProgress);
  const fileInput = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<Message>(null);
  const [pending, setPending] = useState<Pending>(null);
  const confirmRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (pending) confirmRef.current?.focus();
  }, [pending]);

  function exportProgress() {
    const fileName = downloadProgressExport(progress);
    setPending(null);
    setMessage({ kind: "done", text: `Downloaded ${fileName}.` });
  }

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Clear the input so choosing the same file again still fires a change.
    event.target.value = "";
    if (!file) return;
    setPending(null);
    if (file.size > IMPORT_MAX_BYTES) {
      setMessage({
        kind: "error",
        text: `“${file.name}” is too large to be a Lease Lab progress export. Your progress has not changed.`,
      });
      return;
    }
    const result = progressImportParse(await file.text());
    if (!result.ok) {
      setMessage({
        kind: "error",
        text: `“${file.name}” was not imported. ${result.reason} Your progress has not changed.`,
      });
      return;
    }
    setMessage(null);
    setPending({ progress: result.progress, exportedAt: result.exportedAt, fileName: file.name });
  }

  function confirmImport() {
    if (!pending) return;
    replaceProgress(pending.progress);
    setPending(null);
    setMessage({ kind: "done", text: `Imported “${pending.fileName}”: ${describe(pending.progress)}.` });
  }

  const current = progressHoldings(progress);
  const exportedOn =
    pending && !Number.isNaN(Date.parse(pending.exportedAt))
      ? ` exported on ${dueDate(new Date(pending.exportedAt))}`
      : "";
  return (
    <section aria-labelledby="transfer-heading" className="rounded-xl border border-line p-5 sm:p-6">
      <h3 id="transfer-heading" className="text-lg font-bold">
        Keep a copy
      </h3>
      <p className="mt-1 text-ink-muted">
        Your progress is saved in this browser only. Export it to a file to keep it safe or to move it to another
        browser.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} onClick={exportProgress}>
          Export progress
        </button>
        <button type="button" className={secondaryButton} onClick={() => fileInput.current?.click()}>
          Import progress
        </button>
        <input ref={fileInput} type="file" accept="application/json,.json" hidden onChange={readFile} />
      </div>

      {pending && (
        <div role="group" aria-labelledby="confirm-import" className="mt-4 rounded-lg border-2 border-focus p-4">
          <p id="confirm-import" ref={confirmRef} tabIndex={-1} className="font-semibold">
            Replace your progress with “{pending.fileName}”{exportedOn}?
          </p>
          <p className="mt-1 text-ink-muted">The file holds {progressHoldings(pending.progress)}.</p>
          <p className="mt-1">
            {current === "nothing"
              ? "This browser has no progress yet, so nothing is lost."
              : `This browser's progress now holds ${current}. Replacing it loses all of that: export it first to keep a copy.`}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className={primaryButton} onClick={confirmImport}>
              Replace my progress
            </button>
            <button type="button" className={secondaryButton} onClick={() => setPending(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      <div aria-live="polite">{message?.kind === "done" && <p className="mt-3 font-medium">{message.text}</p>}</div>
      {message?.kind === "error" && (
        <p role="alert" className="mt-3 flex gap-2 rounded-lg border-2 border-danger p-3 font-medium">
          <span aria-hidden="true" className="text-danger-ink">
            ⚠
          </span>
          {message.text}
        </p>
      )}
    </section>
  );
}
