import type { Metadata } from "next";
import Link from "next/link";
import { QuizSetList } from "@/components/quiz/QuizSetList";
import { Container } from "@/components/ui/Container";
import { quizSetSummaries } from "@/lib/content/load";

export const metadata: Metadata = {
  title: "Quizzes",
  description: "Multiple-choice questions on distributed locks, leases and fencing tokens, each answer explained.",
};

export default function QuizzesPage() {
  const sets = quizSetSummaries();
  return (
    <Container className="py-12">
      <h1 className="text-4xl font-bold tracking-tight">Quizzes</h1>
      <p className="mt-4 max-w-2xl text-lg text-ink-muted">
        Situations, not definitions: what happens to a write, which setting breaks, why a run lost an update. Every
        option comes with the reason it is right or wrong, and the questions you miss come back in{" "}
        <Link href="/review/" className="font-medium text-link underline underline-offset-2">
          Review
        </Link>
        .
      </p>
      <div className="mt-10">
        <QuizSetList sets={sets} />
      </div>
    </Container>
  );
}
