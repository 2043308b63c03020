"use client";

import { useState } from "react";
import { ContentHtml } from "@/components/content/ContentHtml";
import { secondaryButton } from "@/components/ui/button";

/**
 * A level's hints, revealed one at a time: plain text (challenge levels), or HTML rendered from the
 * course's markdown at build time (code levels).
 */
export function Hints({ hints, html = false }: { hints: readonly string[]; html?: boolean }) {
  const [shown, setShown] = useState(0);
  return (
    <section aria-labelledby="hints-heading" className="rounded-xl border border-line p-4">
      <h2 id="hints-heading" className="text-lg font-semibold">
        Hints
      </h2>
      {shown === 0 ? (
        <p className="mt-1 text-sm text-ink-muted">
          Try it first; the hints are here when you want them, one at a time.
        </p>
      ) : (
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
          {hints
            .slice(0, shown)
            .map((hint) => (html ? <ContentHtml key={hint} as="li" html={hint} /> : <li key={hint}>{hint}</li>))}
        </ol>
      )}
      {shown < hints.length && (
        <button type="button" className={`${secondaryButton} mt-3`} onClick={() => setShown((n) => n + 1)}>
          {shown === 0 ? "Show a hint" : `Show hint ${shown + 1} of ${hints.length}`}
        </button>
      )}
    </section>
  );
}
