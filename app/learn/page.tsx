import type { Metadata } from "next";
import Link from "next/link";
import { LessonPathList } from "@/components/learn/LessonPathList";
import { Container } from "@/components/ui/Container";
import { lessonSummaries } from "@/lib/content/lessonLoad";

export const metadata: Metadata = {
  title: "Learn",
  description:
    "Ten lessons from what a lock is for to choosing a design, each with live simulations to predict and watch.",
};

export default function LearnPage() {
  return (
    <Container className="py-10 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Learn</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink-muted">
        Ten lessons, from what a lock is for to choosing a design with confidence. Each one asks you to predict a run
        before you watch it.
      </p>
      <LessonPathList lessons={lessonSummaries()} />
      <p className="mt-8 max-w-2xl">
        Every claim about a real system comes from a primary source:{" "}
        <Link href="/references/" className="font-medium text-link underline underline-offset-2">
          the references
        </Link>
        .
      </p>
    </Container>
  );
}
