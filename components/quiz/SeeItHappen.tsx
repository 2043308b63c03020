import Link from "next/link";
import type { ScenarioLink } from "@/lib/content/types";

/** Opens the lab on the preset that plays this question's answer out. */
export function SeeItHappen({ scenario }: { scenario: ScenarioLink }) {
  return (
    <p className="mt-4 flex flex-wrap items-baseline gap-x-2 text-sm">
      {/* No prefetch: the lab is a large page, loaded only when the learner asks for it. */}
      <Link
        href={`/lab/?preset=${encodeURIComponent(scenario.preset)}`}
        prefetch={false}
        className="inline-flex items-center gap-1.5 rounded-md font-semibold text-link underline underline-offset-2"
      >
        <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
        </svg>
        See it happen
      </Link>
      <span className="text-ink-muted">in the lab: {scenario.title}</span>
    </p>
  );
}
