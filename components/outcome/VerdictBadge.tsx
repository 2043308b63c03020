/** "Safe" or "Unsafe" as a word, a shape and a colour, so no single cue carries the verdict. */
export function VerdictBadge({ word }: { word: "Safe" | "Unsafe" }) {
  const safe = word === "Safe";
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border-2 px-3 py-1 text-base font-bold ${
        safe ? "border-safe text-safe-ink" : "border-danger text-danger-ink"
      }`}
    >
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
        {safe ? (
          <>
            <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z" />
            <path d="M8.5 12l2.5 2.5 4.5-5" />
          </>
        ) : (
          <>
            <path d="M12 3L2.5 20h19L12 3z" />
            <path d="M12 10v4.5M12 17.5v.01" />
          </>
        )}
      </svg>
      {word}
    </span>
  );
}
