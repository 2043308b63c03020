import type { Metadata } from "next";
import Link from "next/link";
import { ContentHtml } from "@/components/content/ContentHtml";
import { Container } from "@/components/ui/Container";
import { historyFormatLoad } from "@/lib/content/historyFormat";

export function generateMetadata(): Metadata {
  const { title, summary } = historyFormatLoad();
  return { title, description: summary };
}

/** The lock history format (content/histories/format.md) and its example files, each shown in full. */
export default function HistoryFormatPage() {
  const { title, summary, html, examples } = historyFormatLoad();
  return (
    <Container className="py-10 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-3 max-w-3xl text-lg text-ink-muted">{summary}</p>
      {/* The header example wraps rather than scrolls: a scrolling block would need to take focus. */}
      <ContentHtml
        html={html}
        className="mt-6 max-w-3xl [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_pre]:break-all [&_pre]:whitespace-pre-wrap"
      />
      <section aria-labelledby="examples-heading" className="mt-10 max-w-3xl">
        <h2 id="examples-heading" className="text-2xl font-bold tracking-tight">
          Example histories
        </h2>
        {examples.map((example) => (
          <figure key={example.file} className="mt-6">
            <figcaption className="font-semibold">
              {example.title} <span className="font-mono text-sm font-normal text-ink-muted">({example.file})</span>
            </figcaption>
            {/* Focusable, so a keyboard user can scroll the long lines. */}
            <pre
              tabIndex={0}
              aria-label={`${example.file}, one JSON event a line`}
              className="mt-2 overflow-x-auto rounded-md bg-surface p-3 font-mono text-xs"
            >
              {example.text}
            </pre>
          </figure>
        ))}
        <p className="mt-6">
          Copy one into the lab&apos;s{" "}
          <Link href="/lab/" className="text-link underline underline-offset-2">
            Real vs model
          </Link>{" "}
          panel (Paste a lock history) to see it on the timeline.
        </p>
      </section>
    </Container>
  );
}
