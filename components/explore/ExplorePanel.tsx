"use client";

import { useId, useRef, useState, type KeyboardEvent } from "react";
import { FailureFinder } from "./FailureFinder";
import { FailureMap } from "./FailureMap";

const TABS = [
  { id: "map", label: "Failure map" },
  { id: "finder", label: "Find a failure" },
] as const;
type TabId = (typeof TABS)[number]["id"];

/**
 * Below the run: the failure map (how often this scenario fails as two parameters change) and the
 * failure finder (one fault schedule that breaks it), as two tabs. Both keep their work while the
 * other tab is shown.
 */
export function ExplorePanel() {
  const id = useId();
  const [tab, setTab] = useState<TabId>("map");
  const tabRefs = useRef<Record<TabId, HTMLButtonElement | null>>({ map: null, finder: null });

  const onKeyDown = (event: KeyboardEvent) => {
    const i = TABS.findIndex((t) => t.id === tab);
    const next =
      event.key === "ArrowRight"
        ? (i + 1) % TABS.length
        : event.key === "ArrowLeft"
          ? (i + TABS.length - 1) % TABS.length
          : null;
    const to = next === null ? undefined : TABS[next];
    if (!to) return;
    event.preventDefault();
    setTab(to.id);
    tabRefs.current[to.id]?.focus();
  };

  return (
    <section
      id="explore"
      aria-labelledby={`${id}-heading`}
      className="rounded-xl border border-line bg-page p-4 sm:p-5"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold tracking-tight">
        Explore this scenario
      </h2>
      <div role="tablist" aria-label="Explore" className="mt-3 flex gap-1 border-b border-line" onKeyDown={onKeyDown}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            id={`${id}-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`${id}-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            className={`-mb-px rounded-t-md border-b-[3px] px-3 py-2 text-sm font-semibold ${tab === t.id ? "border-focus text-ink" : "border-transparent text-ink-muted hover:text-ink"}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      {TABS.map((t) => (
        <div
          key={t.id}
          id={`${id}-panel-${t.id}`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${t.id}`}
          hidden={tab !== t.id}
          className="pt-4"
        >
          {t.id === "map" ? <FailureMap /> : <FailureFinder />}
        </div>
      ))}
    </section>
  );
}
