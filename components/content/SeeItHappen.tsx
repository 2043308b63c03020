import type { ScenarioLink } from "@/lib/content/types";

/**
 * Opens the lab on the preset that plays this question's (or drill's) answer out, in a new tab:
 * the page it came from keeps its explanation, its draft and its timer for when the learner comes back.
 */
export function SeeItHappen({ scenario }: { scenario: ScenarioLink }) {
  return (
    <p className="mt-4 flex flex-wrap items-baseline gap-x-2 text-sm">
      {/* A plain link, not next/link: a new tab loads the lab from its URL, and nothing is prefetched. */}
      <a
        href={`/lab/?preset=${encodeURIComponent(scenario.preset)}`}
        target="_blank"
        rel="noopener"
        className="inline-flex items-center gap-1.5 rounded-md font-semibold text-link underline underline-offset-2"
      >
        <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
        </svg>
        See it happen
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
      <span className="text-ink-muted">in the lab, in a new tab: {scenario.title}</span>
    </p>
  );
}
