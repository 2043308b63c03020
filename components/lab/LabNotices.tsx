"use client";

import { selectNotices } from "./selectors";
import { useLabStores, useLabProgress, useScenario } from "./stores";
import type { LabProgressState } from "@/lib/store/labProgress";

const selectDamage = (s: LabProgressState) => s.damage;

/**
 * What the learner should know: a link that could not be opened as it was (and why), changes
 * the lab made to keep a scenario valid, refused changes, and saved predictions that were damaged.
 */
export function LabNotices() {
  const notices = useScenario(selectNotices);
  const damage = useLabProgress(selectDamage);
  const { scenario } = useLabStores();
  if (!notices.length && !damage) return null;
  return (
    <div className="space-y-2">
      {notices.map((notice) => (
        <div
          key={notice.id}
          role={notice.tone === "error" ? "alert" : "status"}
          className={`flex gap-3 rounded-lg border-l-4 bg-surface p-3 text-sm ${notice.tone === "error" ? "border-danger" : "border-focus"}`}
        >
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{notice.title}</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 break-words text-ink-muted">
              {notice.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <button
            type="button"
            onClick={() => scenario.getState().dismissNotice(notice.id)}
            className="self-start rounded-md px-2 py-1 text-sm font-medium text-link underline underline-offset-2"
          >
            Dismiss
          </button>
        </div>
      ))}
      {damage && (
        <p role="alert" className="rounded-lg border-l-4 border-danger bg-surface p-3 text-sm">
          Your saved predictions could not be read ({damage.reason}), so the lab started a fresh record.
          {damage.keptUnder ? ` The old copy is kept in this browser under “${damage.keptUnder}”.` : ""}
        </p>
      )}
    </div>
  );
}
