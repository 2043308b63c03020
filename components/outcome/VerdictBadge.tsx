import type { VerdictWord } from "@/lib/readers/summaryText";

const look: Record<VerdictWord, string> = {
  Safe: "border-safe text-safe-ink",
  Unsafe: "border-danger text-danger-ink",
  Incomplete: "border-dashed border-line text-ink",
  Undecided: "border-ink-muted text-ink",
};

/** The verdict as a word, a shape and a colour, so no single cue carries it. */
export function VerdictBadge({ word }: { word: VerdictWord }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border-2 px-3 py-1 text-base font-bold ${look[word]}`}
    >
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {word === "Safe" ? (
          <>
            <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z" />
            <path d="M8.5 12l2.5 2.5 4.5-5" />
          </>
        ) : word === "Unsafe" ? (
          <>
            <path d="M12 3L2.5 20h19L12 3z" />
            <path d="M12 10v4.5M12 17.5v.01" />
          </>
        ) : // A stop square: the run stopped at the event limit. An hourglass: a stale write was still on its way.
        word === "Incomplete" ? (
          <rect x="6" y="6" width="12" height="12" rx="1" />
        ) : (
          <path d="M6 3h12M6 21h12M7 3c0 5 10 5 10 9s-10 4-10 9M17 3c0 5-10 5-10 9s10 4 10 9" />
        )}
      </svg>
      {word}
    </span>
  );
}
