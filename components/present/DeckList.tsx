import Link from "next/link";
import type { DeckSummary } from "@/lib/content/deckTypes";

/** The decks, each with its length and links to its views: the audience's, the presenter's, and the presenter's and the students' handouts. */
export function DeckList({ decks }: { decks: DeckSummary[] }) {
  return (
    <ul className="mt-10 grid gap-5 md:grid-cols-2">
      {decks.map((deck) => (
        <li key={deck.slug} className="flex flex-col rounded-xl border border-line p-5">
          <h2 className="text-xl font-bold">{deck.title}</h2>
          <p className="mt-1 text-sm text-ink-muted">
            {deck.minutes} minutes · {deck.slideCount} slides
          </p>
          <p className="mt-3 flex-1">{deck.summary}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Link
              href={`/present/${deck.slug}/`}
              className="rounded-md bg-ink px-3 py-2 text-sm font-semibold text-page hover:opacity-90"
              aria-label={`Audience view: ${deck.title}`}
            >
              Audience view
            </Link>
            <Link
              href={`/present/${deck.slug}/presenter/`}
              className="rounded-md border border-line px-3 py-2 text-sm font-semibold hover:bg-surface"
              aria-label={`Presenter view: ${deck.title}`}
            >
              Presenter view
            </Link>
            <Link
              href={`/present/${deck.slug}/handout/`}
              className="rounded-md border border-line px-3 py-2 text-sm font-semibold hover:bg-surface"
              aria-label={`Presenter's handout: ${deck.title}`}
            >
              Presenter&apos;s handout
            </Link>
            <Link
              href={`/present/${deck.slug}/student/`}
              className="rounded-md border border-line px-3 py-2 text-sm font-semibold hover:bg-surface"
              aria-label={`Student handout: ${deck.title}`}
            >
              Student handout
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
