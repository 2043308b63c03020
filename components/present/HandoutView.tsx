"use client";

import Link from "next/link";
import type { Deck } from "@/lib/content/deckTypes";
import { Container } from "@/components/ui/Container";
import { primaryButton } from "@/components/ui/button";
import { PredictionPoll } from "./PredictionPoll";
import { PresentTimeline } from "./PresentTimeline";
import { RunCaption } from "./RunCaption";
import { SlideSimProvider } from "./SlideSimProvider";

/**
 * The handout: every slide with its diagram stopped at the slide's moment (a prediction's
 * question, before its answer plays) and its speaker notes. Printed, it is one slide per page.
 */
export function HandoutView({ deck }: { deck: Deck }) {
  return (
    <Container className="py-10">
      <div className="present-no-print flex flex-wrap items-center gap-4">
        <p className="text-sm">
          <Link href="/present/" className="font-medium text-link underline underline-offset-2">
            Present
          </Link>
        </p>
        <button type="button" className={`${primaryButton} ml-auto`} onClick={() => window.print()}>
          Print the handout
        </button>
      </div>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{deck.title}</h1>
      <p className="mt-2 max-w-3xl text-lg text-ink-muted">
        {deck.summary} {deck.minutes} minutes, {deck.slides.length} slides.
      </p>
      <ol className="mt-8 space-y-8">
        {deck.slides.map((slide) => (
          <li key={slide.number} className="present-handout-slide space-y-4 rounded-xl border border-line p-5" aria-label={`Slide ${slide.number}: ${slide.title}`}>
            <p className="text-sm font-semibold text-ink-muted">
              Slide {slide.number} of {deck.slides.length}
            </p>
            {slide.html && <div className="present-desk" dangerouslySetInnerHTML={{ __html: slide.html }} />}
            {slide.sim && (
              <SlideSimProvider sim={slide.sim}>
                {slide.sim.predict && <PredictionPoll predict={slide.sim.predict} answer={slide.answer} revealed size="desk" />}
                <PresentTimeline at={slide.sim.at} limitT={slide.sim.at} scale={1} className="rounded-lg border border-line" />
                <RunCaption title={slide.sim.presetTitle} live={false} />
              </SlideSimProvider>
            )}
            <section aria-label={`Notes for slide ${slide.number}`} className="border-t border-line pt-3">
              <h2 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">Notes</h2>
              <div className="present-notes mt-1 !text-base" dangerouslySetInnerHTML={{ __html: slide.notesHtml }} />
            </section>
          </li>
        ))}
      </ol>
    </Container>
  );
}
