import type { Metadata } from "next";
import { DrillList } from "@/components/drill/DrillList";
import { Container } from "@/components/ui/Container";
import { drillSummaries } from "@/lib/content/load";

export const metadata: Metadata = {
  title: "Interview drills",
  description: "System-design interview drills on distributed locks: answer against the clock, then grade yourself with a rubric.",
};

export default function DrillsPage() {
  return (
    <Container className="py-12">
      <h1 className="text-4xl font-bold tracking-tight">Interview drills</h1>
      <p className="mt-4 max-w-2xl text-lg text-ink-muted">
        The questions interviewers ask about locks and leases. Answer in your own words against the clock, then compare with a model answer and grade yourself
        with the rubric. Your rating decides when each drill comes back.
      </p>
      <DrillList drills={drillSummaries()} />
    </Container>
  );
}
