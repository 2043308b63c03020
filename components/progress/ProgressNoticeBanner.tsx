"use client";

import { useState, type ReactNode } from "react";
import type { ProgressNotice } from "@/lib/store/progress";
import { secondaryButton } from "@/components/ui/button";
import { Container } from "@/components/ui/Container";
import { selectDismissNotice, selectNotice, selectProgress, selectUnsaved } from "@/lib/store/progressSelectors";
import { downloadProgressExport } from "./ProgressTransfer";
import { useProgress } from "./useProgress";

function downloadDamagedCopy(key: string) {
  const raw = localStorage.getItem(key) ?? "";
  const url = URL.createObjectURL(new Blob([raw], { type: "application/json" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: "lease-lab-progress-damaged.json" });
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Tells the learner that saved progress could not be read, where it was kept, and that the app
 * goes on; and, as soon as a change cannot be saved (storage full), that it will be gone after
 * this page unless they export it.
 */
export function ProgressNoticeBanner() {
  const notice = useProgress(selectNotice);
  const unsaved = useProgress(selectUnsaved);
  return (
    <>
      {notice && <ReadNotice notice={notice} />}
      {unsaved && <UnsavedNotice reason={unsaved} />}
    </>
  );
}

function UnsavedNotice({ reason }: { reason: string }) {
  const progress = useProgress(selectProgress);
  const [exported, setExported] = useState<string | null>(null);
  return (
    <Alarm title={<>Your progress could not be saved: {reason}.</>}>
      <p className="mt-2 text-ink-muted">
        Your latest answers are kept on this page only and are lost when you leave or reload it. Export your progress to
        a file to keep it, then free some space in this browser (site data you no longer need).
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button type="button" className={secondaryButton} onClick={() => setExported(downloadProgressExport(progress))}>
          Export progress
        </button>
        <span aria-live="polite">{exported && `Downloaded ${exported}.`}</span>
      </div>
    </Alarm>
  );
}

function ReadNotice({ notice }: { notice: ProgressNotice }) {
  const dismiss = useProgress(selectDismissNotice);
  return (
    <Alarm
      title={
        notice.kind === "damaged"
          ? "Your saved progress could not be read, so Lease Lab started fresh."
          : "This browser does not let Lease Lab save your progress."
      }
    >
      <p className="mt-2 text-ink-muted">
        {notice.kind === "unavailable" ? (
          "Everything works, but your answers and reviews are forgotten when you leave the page."
        ) : notice.keptUnder ? (
          <>
            The reason: {notice.reason}. Nothing was deleted: the damaged copy is kept in this browser under{" "}
            <code className="font-mono text-ink">{notice.keptUnder}</code>.
          </>
        ) : (
          <>
            The reason: {notice.reason}. There was no room to keep a copy, so it was left where it was; new progress
            will replace it.
          </>
        )}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {notice.kind === "damaged" && notice.keptUnder && (
          <button type="button" className={secondaryButton} onClick={() => downloadDamagedCopy(notice.keptUnder!)}>
            Download the damaged copy
          </button>
        )}
        <button type="button" className={secondaryButton} onClick={dismiss}>
          Dismiss
        </button>
      </div>
    </Alarm>
  );
}

/** A notice about the learner's progress that needs their attention now: a warning sign, a title, then what to do. */
function Alarm({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Container className="pt-6">
      <div role="alert" className="rounded-lg border-2 border-danger bg-surface p-4 sm:p-5">
        <p className="font-semibold">
          <span aria-hidden="true" className="mr-2 text-danger-ink">
            ⚠
          </span>
          {title}
        </p>
        {children}
      </div>
    </Container>
  );
}
