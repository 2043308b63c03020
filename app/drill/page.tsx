import type { Metadata } from "next";
import { DrillList } from "@/components/drill/DrillList";
import { EveningPlan } from "@/components/drill/EveningPlan";
import { Container } from "@/components/ui/Container";
import { eveningPlan } from "@/lib/content/eveningPlan";
import { contentLoad, drillSummaries } from "@/lib/content/load";

export const metadata: Metadata = {
  title: "Interview drills",
  description:
    "System-design interview drills on distributed locks: answer against the clock, then grade yourself with a rubric.",
};

export default function DrillsPage() {
  const { quizSets } = contentLoad();
  const plan = eveningPlan(
    quizSets.map((set) => ({
      slug: set.slug,
      title: set.title,
      topic: set.topic,
      questionCount: set.questions.length,
    })),
    drillSummaries(),
  );
  return (
    <Container className="py-12">
      <h1 className="text-4xl font-bold tracking-tight">Interview drills</h1>
      <p className="mt-4 max-w-2xl text-lg text-ink-muted">
        The questions interviewers ask about locks and leases. Answer in your own words against the clock, then compare
        with a model answer and grade yourself with the rubric. Your rating decides when each drill comes back.
      </p>
      <EveningPlan plan={plan} />
      <DrillList drills={drillSummaries()} />
    </Container>
  );
}
