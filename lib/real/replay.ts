/**
 * A recorded run read by the engine's own readers: the trace becomes the engine's event log
 * (events ordered by their time on the run's one clock, string grant ids numbered in the order
 * the grants happened), and the engine's checker (summary, violations, facts) and spans do the
 * rest, exactly as for a simulated run. Nothing here judges the run itself. Pure.
 */
import { check } from "../sim/checker";
import type { EventBody, SimEvent } from "../sim/events";
import { validateScenario, type ResolvedScenario } from "../sim/scenario";
import type { SimResult } from "../sim/simulate";
import { spansOf } from "../sim/spans";
import type { Trace, TraceEvent } from "./trace";

export type RecordedResult = SimResult & { notes: string[] };

/** The engine's event log of a trace: sorted by time (ties keep the trace's order), grant ids numbered from 1. */
export function eventsOfTrace(events: readonly TraceEvent[]): SimEvent[] {
  const ordered = events.map((e, i) => ({ e, i })).sort((a, b) => a.e.t - b.e.t || a.i - b.i);
  const grantNumbers = new Map<string, number>();
  const number = (id: string) => {
    let n = grantNumbers.get(id);
    if (n === undefined) grantNumbers.set(id, (n = grantNumbers.size + 1));
    return n;
  };
  // Number grants by when they were granted, so a lease-end seen a moment earlier keeps the same id.
  for (const { e } of ordered) if (e.kind === "grant") number(e.grant);
  // A recorded write names no job; as the model's clients do, each client's n-th job is `cX-job-n`,
  // so a write applied twice for one job is a duplicate effect here too.
  const jobsDone = new Map<string, number>();
  return ordered.map(({ e }, seq) => {
    if (e.kind === "job-done") jobsDone.set(e.proc, (jobsDone.get(e.proc) ?? 0) + 1);
    const { by: _by, ...body } = e;
    void _by;
    const grant =
      "grant" in body && typeof body.grant === "string" ? number(body.grant) : "grant" in body ? null : undefined;
    const converted = (grant === undefined ? body : { ...body, grant }) as EventBody;
    // The recorder promotes the replica at once after killing the primary (the model's promoteAfterMs 0), and its trace says no downMs.
    if (converted.kind === "failover" && converted.downMs === undefined)
      return { ...converted, downMs: 0, t: e.t, seq };
    if (converted.kind === "write")
      return {
        ...converted,
        t: e.t,
        seq,
        run: null,
        idempotencyKey: `${converted.client}-job-${jobsDone.get(converted.client) ?? 0}`,
      };
    return { ...converted, t: e.t, seq } as SimEvent;
  });
}

/** The scenario a trace recorded, with defaults filled in; throws with the validator's errors if it is not valid. */
export function scenarioOfTrace(trace: Trace): { scenario: ResolvedScenario; warnings: string[] } {
  const v = validateScenario(trace.scenario);
  if (!v.ok) throw new Error(`The trace's scenario is not valid:\n${v.errors.join("\n")}`);
  return { scenario: v.scenario, warnings: v.warnings };
}

/** Checks a recorded run with the engine's checker: the same summary, violations and spans a simulation has. */
export function resultOfTrace(trace: Trace): RecordedResult {
  const { scenario, warnings } = scenarioOfTrace(trace);
  return resultOfEvents(scenario, warnings, trace.events, trace.notes);
}

/** Checks observed events (a recorded run's, or a lock history's once read) with the engine's checker, for a valid scenario. */
export function resultOfEvents(
  scenario: ResolvedScenario,
  warnings: string[],
  observed: readonly TraceEvent[],
  notes: string[],
): RecordedResult {
  const events = eventsOfTrace(observed);
  // The service's busy time is not observed on a real server; 0 says so rather than guessing.
  const { summary, violations, facts } = check(events, scenario, 0);
  const buckets = Math.max(1, Math.ceil(scenario.durationMs / 1000));
  const empty = () => new Array<number>(buckets).fill(0);
  return {
    scenario,
    events,
    spans: spansOf(events, scenario.durationMs),
    summary,
    violations,
    facts,
    warnings,
    notes,
    series: {
      bucketMs: 1000,
      arrived: empty(),
      completed: empty(),
      backlog: empty(),
      acquireP50: empty(),
      acquireP99: empty(),
      utilization: empty(),
    },
  };
}
