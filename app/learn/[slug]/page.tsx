import type { Metadata } from "next";
import Link from "next/link";
import { LessonBody } from "@/components/learn/LessonBody";
import { MarkUnderstood } from "@/components/learn/MarkUnderstood";
import { Container } from "@/components/ui/Container";
import { lessonContentLoad, lessonLoad } from "@/lib/content/lessonLoad";

interface Props {
  params: Promise<{ slug: string }>;
}

// A static export: every lesson is a page built ahead of time, and any other path is a 404.
export const dynamicParams = false;

export function generateStaticParams() {
  return lessonContentLoad().lessons.map((lesson) => ({ slug: lesson.slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const lesson = lessonLoad((await params).slug);
  return { title: `${lesson.number}. ${lesson.title}`, description: lesson.summary };
}

export default async function LessonPage({ params }: Props) {
  const { lessons, guide, comparison } = lessonContentLoad();
  const lesson = lessonLoad((await params).slug);
  const index = lessons.indexOf(lesson);
  const previous = lessons[index - 1];
  const next = lessons[index + 1];

  return (
    <Container className="py-10 sm:py-12">
      <p className="text-sm">
        <Link href="/learn/" className="font-medium text-link underline underline-offset-2">
          Learn
        </Link>
        <span className="text-ink-muted">
          {" "}
          · Lesson {lesson.number} of {lessons.length}
        </span>
      </p>
      <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-4xl">{lesson.title}</h1>
      <p className="mt-3 max-w-3xl text-lg text-ink-muted">{lesson.summary}</p>

      <section
        aria-labelledby="objectives-heading"
        className="mt-8 max-w-3xl rounded-xl border border-line bg-surface p-5"
      >
        <h2 id="objectives-heading" className="font-bold">
          By the end of this lesson
        </h2>
        <ul className="mt-2 list-disc space-y-1.5 pl-5">
          {lesson.objectives.map((objective) => (
            <li key={objective}>{objective}</li>
          ))}
        </ul>
      </section>

      <article className="mt-6">
        <LessonBody lesson={lesson.slug} blocks={lesson.blocks} guide={guide} comparison={comparison} />
      </article>

      <section aria-labelledby="check-heading" className="mt-14 max-w-3xl rounded-xl border border-line p-5">
        <h2 id="check-heading" className="text-xl font-bold tracking-tight">
          Check your understanding
        </h2>
        <p className="mt-2">
          A short quiz on this lesson:{" "}
          <Link href={`/quiz/${lesson.quiz.slug}/`} className="font-medium text-link underline underline-offset-2">
            {lesson.quiz.title}
          </Link>
          .
        </p>
        <div className="mt-4">
          <MarkUnderstood slug={lesson.slug} />
        </div>
      </section>

      <section aria-labelledby="sources-heading" className="mt-6 max-w-3xl rounded-xl border border-line p-5">
        <h2 id="sources-heading" className="text-xl font-bold tracking-tight">
          Sources
        </h2>
        <p className="mt-2">The primary sources for this lesson&apos;s claims, on the references page:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {lesson.sources.map((source) => (
            <li key={source.id}>
              <Link href={`/references/#${source.id}`} className="font-medium text-link underline underline-offset-2">
                {source.title}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <nav aria-label="Lessons" className="mt-10 grid max-w-3xl gap-3 sm:grid-cols-2">
        {previous ? (
          <Link
            href={`/learn/${previous.slug}/`}
            rel="prev"
            className="rounded-xl border border-line p-4 hover:bg-surface"
          >
            <span className="block text-sm text-ink-muted">← Previous</span>
            <span className="font-semibold">
              {previous.number}. {previous.title}
            </span>
          </Link>
        ) : (
          <span />
        )}
        {next && (
          <Link
            href={`/learn/${next.slug}/`}
            rel="next"
            className="rounded-xl border border-line p-4 text-right hover:bg-surface"
          >
            <span className="block text-sm text-ink-muted">Next →</span>
            <span className="font-semibold">
              {next.number}. {next.title}
            </span>
          </Link>
        )}
      </nav>
    </Container>
  );
}
