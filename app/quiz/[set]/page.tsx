import type { Metadata } from "next";
import Link from "next/link";
import { QuizRunner } from "@/components/quiz/QuizRunner";
import { Container } from "@/components/ui/Container";
import { contentLoad, quizSetLoad } from "@/lib/content/load";
import { lessonSummaries } from "@/lib/content/lessonLoad";

interface Props {
  params: Promise<{ set: string }>;
}

// A static export: every set is a page built ahead of time, and any other path is a 404.
export const dynamicParams = false;

export function generateStaticParams() {
  return contentLoad().quizSets.map((set) => ({ set: set.slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const set = quizSetLoad((await params).set);
  return {
    title: `${set.title} quiz`,
    description: `${set.questions.length} questions on ${set.title.toLowerCase()}, each answer explained.`,
  };
}

export default async function QuizSetPage({ params }: Props) {
  const set = quizSetLoad((await params).set);
  // Only the lessons this set's questions name: a low score links back to them.
  const lessons = lessonSummaries().filter((lesson) => set.questions.some((q) => q.lesson === lesson.slug));
  return (
    <Container className="py-10 sm:py-12">
      <p className="text-sm">
        <Link href="/quiz/" className="font-medium text-link underline underline-offset-2">
          Quizzes
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{set.title}</h1>
      <div className="mt-8 max-w-3xl">
        <QuizRunner set={set} lessons={lessons} />
      </div>
    </Container>
  );
}
