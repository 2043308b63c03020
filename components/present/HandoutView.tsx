"use client";

import Link from "next/link";
import type { AudienceDeck, Deck } from "@/lib/content/deckTypes";
import { Container } from "@/components/ui/Container";
import { primaryButton } from "@/components/ui/button";
import { PredictionPoll } from "./PredictionPoll";
import { HandoutRun } from "./lazySlideSim";

/**
 * A handout: every slide with its diagram stopped at the slide's moment (a prediction's question,
 * before its answer plays). The presenter's has the speaker notes and each prediction's answer
 * marked; the students' is given only the audience's part of the deck (no notes, no answers), so
 * neither is in its page at all. Printed, it is one slide per page.
 */
export function HandoutView(props: { for: "presenter"; deck: Deck } | { for: "students"; deck: AudienceDeck }) {
  const { deck } = props;
  const presenter = props.for === "presenter" ? props.deck : null;
  const other = presenter
    ? { href: `/present/${deck.slug}/student/`, label: "Student handout" }
    : { href: `/present/${deck.slug}/handout/`, label: "Presenter's handout" };
  return (
    <Container className="py-10">
      <div className="present-no-print flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="text-sm">
          <Link href="/present/" className="font-medium text-link underline underline-offset-2">
            Present
          </Link>
        </p>
        <p className="text-sm">
          <Link href={other.href} className="font-medium text-link underline underline-offset-2">
            {other.label}
          </Link>
        </p>
        <button type="button" className={`${primaryButton} ml-auto`} onClick={() => window.print()}>
          Print the handout
        </button>
      </div>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{deck.title}</h1>
      <p className="mt-2 max-w-3xl text-lg text-ink-muted">
        {presenter
          ? "Presenter's handout, with the notes and the answers."
          : "Student handout: the slides and their questions, without the answers."}{" "}
        {deck.summary} {deck.minutes} minutes, {deck.slides.length} slides.
      </p>
      <ol className={`mt-8 space-y-8 ${presenter ? "" : "present-handout-students"}`}>
        {deck.slides.map((slide, i) => {
          const notes = presenter?.slides[i];
          return (
            <li
              key={slide.number}
              className="present-handout-slide space-y-4 rounded-xl border border-line p-5"
              aria-label={`Slide ${slide.number}: ${slide.title}`}
            >
              <p className="text-sm font-semibold text-ink-muted">
                Slide {slide.number} of {deck.slides.length}
              </p>
              {slide.html && <div className="present-desk" dangerouslySetInnerHTML={{ __html: slide.html }} />}
              {slide.sim?.predict && (
                <PredictionPoll
                  predict={slide.sim.predict}
                  answer={notes?.answer ?? null}
                  revealed={Boolean(notes)}
                  size="desk"
                />
              )}
              {slide.sim && <HandoutRun sim={slide.sim} />}
              {!presenter && (
                // Ruled lines to write on: a student's handout is for taking notes (and answering) in class.
                <section aria-label={`Your notes for slide ${slide.number}`} className="border-t border-line pt-3">
                  <h2 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">Your notes</h2>
                  <div className="present-write-lines mt-1" />
                </section>
              )}
              {notes && (
                <section aria-label={`Notes for slide ${slide.number}`} className="border-t border-line pt-3">
                  <h2 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">Notes</h2>
                  <div
                    className="present-notes mt-1 !text-base"
                    dangerouslySetInnerHTML={{ __html: notes.notesHtml }}
                  />
                </section>
              )}
            </li>
          );
        })}
      </ol>
    </Container>
  );
}
