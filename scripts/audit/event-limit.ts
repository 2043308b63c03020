/**
 * How well the lab foretells that a run will reach the event limit (lib/workers/eventLimit.ts). It
 * takes scenarios that outgrow the main thread's budget (the small-looking heavy links; every
 * preset with its duration ×1, ×10, ×40 and ×120, as it is and with 16 and 64 clients, and with
 * 64 clients doing 100 jobs each; 300 generated scenarios stretched ×20 and ×120, as they are and
 * with 16 and 64 clients), runs each to its end, and counts how often the forecast was right:
 * from the run's start (what the lab says before the worker runs) and from the worker's reports
 * once the run has logged 10,000 to 100,000 events. Not part of npm test: it takes a minute or two.
 * Usage: `npm run -s audit:event-limit`.
 */
import fc from "fast-check";
import { forecastEventLimit } from "@/lib/workers/eventLimit";
import { presets } from "@/lib/scenario/presets";
import { validScenarios } from "@/lib/sim/generators";
import { LIMITS, validateScenario, type ResolvedScenario, type Scenario } from "@/lib/sim/scenario";
import { simulate, type RunProgress } from "@/lib/sim/simulate";
import { tryWithinMainThreadBudget } from "@/lib/workers/simRunner";
import heavy from "../../e2e/heavyScenarios.json" with { type: "json" };

interface Case {
  resolved: ResolvedScenario;
  start: RunProgress;
  reports: RunProgress[];
  reachedLimit: boolean;
}

const cases: Case[] = [];
function add(scenario: Scenario) {
  const validation = validateScenario(scenario);
  if (!validation.ok) return;
  const tried = tryWithinMainThreadBudget(scenario);
  if ("result" in tried) return;
  const reports: RunProgress[] = [];
  const full = simulate(scenario, { summaryOnly: true, progress: (p) => void reports.push(p) });
  cases.push({
    resolved: validation.scenario,
    start: tried.start,
    reports,
    reachedLimit: full.summary.incomplete !== null,
  });
}

for (const { scenario } of heavy as { scenario: Scenario }[]) add(scenario);
for (const { scenario } of presets) {
  for (const times of [1, 10, 40, 120]) {
    const durationMs = Math.min(LIMITS.durationMs, (scenario.durationMs ?? 60_000) * times);
    add({ ...scenario, durationMs });
    for (const count of [16, 64]) add({ ...scenario, durationMs, clients: { ...scenario.clients, count } });
    add({
      ...scenario,
      durationMs,
      clients: { ...scenario.clients, count: 64 },
      workload: { kind: "counter", jobsPerClient: 100 },
    });
  }
}
fc.sample(validScenarios, { seed: 7, numRuns: 300 }).forEach((scenario) => {
  for (const times of [20, 120]) {
    for (const count of [scenario.clients?.count ?? 2, 16, 64]) {
      add({
        ...scenario,
        durationMs: Math.min(LIMITS.durationMs, (scenario.durationMs ?? 60_000) * times),
        clients: { ...scenario.clients, count },
      });
    }
  }
});

const reached = cases.filter((c) => c.reachedLimit).length;
console.log(
  `${cases.length} scenarios outgrow the main thread's budget; ${reached} of them reach the limit of ${LIMITS.events} events.`,
);
console.log("forecast made from\truns\treach the limit, told\treach it, not told\ttold, but do not reach it");
const row = (label: string, from: (c: Case) => RunProgress | undefined) => {
  let told = 0;
  let missed = 0;
  let wrong = 0;
  let runs = 0;
  for (const c of cases) {
    const progress = from(c);
    if (!progress) continue;
    runs++;
    const says = forecastEventLimit(c.resolved, progress) !== null;
    if (says && c.reachedLimit) told++;
    else if (says) wrong++;
    else if (c.reachedLimit) missed++;
  }
  console.log(`${label}\t${runs}\t${told}\t${missed}\t${wrong}`);
};
row("the run's start", (c) => c.start);
for (const events of [10_000, 25_000, 50_000, 100_000])
  row(`the report at ${events} events`, (c) => c.reports.find((p) => p.events >= events));
