import type { SlideSim } from "@/lib/content/deckTypes";
import type { Tally } from "@/lib/room/session";

const LETTERS = "ABCDEFGHI";

/**
 * A prediction's question and its options, lettered for a vote by hands. Once revealed with its
 * answer, the right option is marked by a tick, the word "Answer" and a thick border, and the
 * others fade; colour is never the only cue. `answer` is given only after the reveal. With a
 * prediction room, `tallies` draws each round's votes beside every option, as a bar and a number.
 */
export function PredictionPoll({
  predict,
  answer,
  revealed,
  size,
  stacked = false,
  tallies = [],
}: {
  predict: NonNullable<SlideSim["predict"]>;
  answer: number | null;
  revealed: boolean;
  size: "room" | "desk";
  /** One option under another, for a narrow column. */
  stacked?: boolean;
  tallies?: readonly Tally[];
}) {
  const room = size === "room";
  const totals = tallies.map((tally) => tally.counts.reduce((a, b) => a + b, 0));
  return (
    <div className={room ? "present-poll" : "space-y-3"}>
      <p className={room ? "present-question font-semibold" : "text-lg font-semibold"}>{predict.question}</p>
      <ol
        className={room ? `present-options ${stacked ? "present-options-stacked" : ""}` : "grid gap-2 sm:grid-cols-2"}
        aria-label="Options"
      >
        {predict.options.map((option, i) => {
          const right = answer === i;
          const faded = answer !== null && !right;
          return (
            <li
              key={option}
              className={`flex flex-col gap-1 rounded-xl border-2 ${room ? "px-[1.2em] py-[0.7em]" : "px-3 py-2"} ${
                right
                  ? "border-safe bg-surface outline-4 outline-safe"
                  : faded
                    ? "border-dashed border-line text-ink-muted"
                    : "border-line"
              }`}
            >
              <span className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className={`present-letter inline-flex shrink-0 items-center justify-center rounded-full font-bold ${right ? "bg-safe text-page" : faded ? "bg-ink-muted text-page" : "bg-ink text-page"}`}
                >
                  {LETTERS[i]}
                </span>
                <span className="sr-only">Option {LETTERS[i]}: </span>
                <span className="min-w-0 flex-1">{option}</span>
                {right && (
                  <span className="inline-flex shrink-0 items-center gap-1 font-bold text-safe-ink">
                    <svg
                      viewBox="0 0 24 24"
                      width="1.1em"
                      height="1.1em"
                      aria-hidden="true"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="3"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    >
                      <path d="M5 12.5l4.5 4.5L19 7" />
                    </svg>
                    Answer
                  </span>
                )}
              </span>
              {/* The bars span the whole option, under its text and badge: every option's track is
                  as long as every other's, so a bar's length is its share. */}
              {tallies.map((tally, t) => {
                const votes = tally.counts[i] ?? 0;
                const total = totals[t] ?? 0;
                const share = total === 0 ? 0 : votes / total;
                return (
                  <span key={tally.label} className="flex items-center gap-2 text-[0.8em]">
                    <span className="w-[5.5em] shrink-0 text-ink-muted">{tally.label}</span>
                    <span
                      aria-hidden="true"
                      className="h-[0.7em] min-w-0 flex-1 rounded-sm bg-surface outline outline-1 outline-line"
                    >
                      <span className="block h-full rounded-sm bg-ink" style={{ width: `${share * 100}%` }} />
                    </span>
                    <span className="w-[7em] shrink-0 text-right font-mono tabular-nums">
                      {votes} ({Math.round(share * 100)}%)<span className="sr-only"> of {totals[t]} votes</span>
                    </span>
                  </span>
                );
              })}
            </li>
          );
        })}
      </ol>
      {revealed && answer === null && (
        <p className="text-ink-muted">Revealed: the answer is marked once the presenter view is open.</p>
      )}
    </div>
  );
}
