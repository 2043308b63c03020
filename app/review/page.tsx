import type { Metadata } from "next";
import { ReviewQueue } from "@/components/review/ReviewQueue";
import { Container } from "@/components/ui/Container";
import { contentLoad } from "@/lib/content/load";
import { lessonContentLoad } from "@/lib/content/lessonLoad";
import { predictionCards, predictionFingerprints } from "@/lib/learn/predictionCards";

export const metadata: Metadata = {
  title: "Review",
  description:
    "Spaced review of the quiz questions and lesson predictions you missed and the drills you practised, scheduled by FSRS.",
};

export default function ReviewPage() {
  const { quizSets, drills } = contentLoad();
  const { lessons } = lessonContentLoad();
  return (
    <Container className="py-12">
      <h1 className="text-4xl font-bold tracking-tight">Review</h1>
      <p className="mt-4 max-w-2xl text-lg text-ink-muted">
        Questions and lesson predictions you missed and drills you rated come back here, spaced out by the FSRS
        scheduler: sooner when an answer was shaky, later when it was solid.
      </p>
      <ReviewQueue
        questions={quizSets.flatMap((set) => set.questions)}
        setTitles={Object.fromEntries(quizSets.map((set) => [set.slug, set.title]))}
        predictions={predictionCards(lessons)}
        predictionFingerprints={predictionFingerprints(lessons)}
        lessonTitles={Object.fromEntries(lessons.map((lesson) => [lesson.slug, lesson.title]))}
        drills={drills.map(({ slug, title, promptHtml }) => ({ slug, title, promptHtml }))}
      />
    </Container>
  );
}
