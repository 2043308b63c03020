"use client";

import { useState } from "react";
import { ContentHtml } from "@/components/content/ContentHtml";
import { secondaryButton } from "@/components/ui/button";

/** A code level's hints (rendered from content/code at build time), revealed one at a time. */
export function CodeHints({ hintsHtml }: { hintsHtml: readonly string[] }) {
  const [shown, setShown] = useState(0);
  return (
    <section aria-labelledby="hints-heading" className="rounded-xl border border-line p-4 text-sm">
      <h2 id="hints-heading" className="text-lg font-semibold">
        Hints
      </h2>
      {shown === 0 ? (
        <p className="mt-1 text-ink-muted">Try it first; the hints are here when you want them, one at a time.</p>
      ) : (
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          {hintsHtml.slice(0, shown).map((hint) => (
            <ContentHtml key={hint} as="li" html={hint} />
          ))}
        </ol>
      )}
      {shown < hintsHtml.length && (
        <button type="button" className={`${secondaryButton} mt-3`} onClick={() => setShown((n) => n + 1)}>
          {shown === 0 ? "Show a hint" : `Show hint ${shown + 1} of ${hintsHtml.length}`}
        </button>
      )}
    </section>
  );
}
