import type { Metadata } from "next";
import Link from "next/link";
import { ContentHtml } from "@/components/content/ContentHtml";
import { Container } from "@/components/ui/Container";
import { lessonContentLoad } from "@/lib/content/lessonLoad";

export function generateMetadata(): Metadata {
  const { title, summary } = lessonContentLoad().references;
  return { title, description: summary };
}

/** The primary sources behind the course (content/references.md); each lesson links to its groups here. */
export default function ReferencesPage() {
  const { references, lessons } = lessonContentLoad();
  return (
    <Container className="py-10 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{references.title}</h1>
      <p className="mt-3 max-w-3xl text-lg text-ink-muted">{references.summary}</p>
      <nav aria-label="Groups of sources" className="mt-6 max-w-3xl">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {references.groups.map((group) => (
            <li key={group.id}>
              <a href={`#${group.id}`} className="font-medium text-link underline underline-offset-2">
                {group.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="max-w-3xl">
        {references.groups.map((group) => {
          const citedBy = lessons.filter((lesson) => lesson.sources.some((source) => source.id === group.id));
          return (
            <section key={group.id} id={group.id} aria-labelledby={`${group.id}-heading`} className="mt-10 scroll-mt-6">
              <h2 id={`${group.id}-heading`} className="text-2xl font-bold tracking-tight">
                {group.title}
              </h2>
              <ContentHtml html={group.html} className="mt-3" />
              {citedBy.length > 0 && (
                <p className="mt-3 text-sm text-ink-muted">
                  Used in{" "}
                  {citedBy.map((lesson, index) => (
                    <span key={lesson.slug}>
                      {index > 0 && ", "}
                      <Link href={`/learn/${lesson.slug}/`} className="text-link underline underline-offset-2">
                        lesson {lesson.number}
                      </Link>
                    </span>
                  ))}
                  .
                </p>
              )}
            </section>
          );
        })}
      </div>
    </Container>
  );
}
