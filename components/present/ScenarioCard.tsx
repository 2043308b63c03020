"use client";

import { scenarioSummary } from "@/lib/readers/scenarioSummary";
import { selectResult } from "@/components/lab/selectors";
import { useScenario } from "@/components/lab/stores";

/**
 * What a slide's run is, shown while it has not started (a title slide at 0 s): an empty grid
 * tells the room nothing, the service, clients, guard and faults tell it what is about to happen.
 */
export function ScenarioCard({ title }: { title: string }) {
  const result = useScenario(selectResult);
  if (!result) return <p className="p-4 text-ink-muted">Simulating…</p>;
  return (
    <section
      aria-label="The scenario"
      className="min-h-0 rounded-xl border border-line bg-surface p-[2vw] text-[clamp(1.1rem,1.7vw,2.2rem)] leading-snug"
    >
      <h2 className="font-bold">{title}</h2>
      <dl className="mt-[1vh] grid grid-cols-[auto_1fr] gap-x-[2vw] gap-y-[1vh]">
        {scenarioSummary(result.scenario).map((line) => (
          <div key={line.label} className="contents">
            <dt className="text-ink-muted">{line.label}</dt>
            <dd>{line.text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
