/**
 * The checker: what happened, from the omniscient view. It reads only the event log and derives
 * grants and their liveness, stale writes, overlap, lost updates, duplicate effects, missed runs,
 * the verdict, and a time-ordered list of violations, each with a plain sentence a learner can
 * read. Every count in the summary is a recount of the log, so no part of the engine can report
 * something the log does not show.
 */
import type { EventOf, SimEvent } from "./events";
import { listOf, lostIncrements, seconds } from "./format";
import type { ResolvedScenario } from "./scenario";

export interface Summary {
  verdict: "safe" | "unsafe";
  grants: number;
  tokens: number[];
  writesAccepted: number;
  writesRejected: number;
  staleWritesAccepted: number;
  staleWritesRejected: number;
  lostUpdates: number;
  counter: number;
  duplicateEffects: number;
  missedRuns: number;
  overlapMs: number;
  maxConcurrentHolders: number;
  jobsDone: number;
  jobsAborted: number;
  acquireLatencyMs: { p50: number; p99: number };
  firstViolationMs: number | null;
  throughputPerSec: number;
  backlogMax: number;
  serviceUtilization: number;
  timeouts: number;
  /** Set when the run stopped at the event limit at `atMs`: every count covers only that part. */
  incomplete: { atMs: number } | null;
}

export type ViolationKind = "lost-update" | "duplicate-effect" | "overlap" | "token-regression";

export interface Violation {
  kind: ViolationKind;
  t: number;
  /** For overlap: when it ended. */
  endT: number | null;
  clients: string[];
  tokens: number[];
  text: string;
}

export interface Grant {
  grant: number;
  client: string;
  lock: string;
  token: number | null;
  t: number;
  /** True time the service considered it over (Infinity if it outlived the run). */
  endT: number;
}

export interface CheckResult {
  summary: Summary;
  violations: Violation[];
  grants: Map<number, Grant>;
}

/**
 * Checks a run from its event log. `serviceUtilization` and `backlogMax` are measured by the run
 * itself (the service's queue and the dispatcher's backlog are not events).
 */
export function check(events: readonly SimEvent[], scenario: ResolvedScenario, serviceUtilization: number, backlogMax = 0): CheckResult {
  const grants = new Map<number, Grant>();
  const tokens: number[] = [];
  const violations: Violation[] = [];
  const tokenOwners = new Map<string, Map<number, Grant>>();
  let writesAccepted = 0;
  let writesRejected = 0;
  let staleWritesAccepted = 0;
  let staleWritesRejected = 0;
  let jobsDone = 0;
  let jobsAborted = 0;
  let timeouts = 0;
  const latencies: number[] = [];
  const appliedCounterWrites = new Map<string, number>();
  const counterValue = new Map<string, number>();
  const effects = new Map<number, EventOf<"write">[]>();
  const runsDue = new Set<number>();
  const beliefs: EventOf<"belief-start" | "belief-end">[] = [];

  for (const e of events) {
    switch (e.kind) {
      case "grant": {
        const g: Grant = { grant: e.grant, client: e.client, lock: e.lock, token: e.token, t: e.t, endT: Infinity };
        grants.set(e.grant, g);
        if (e.token !== null) {
          tokens.push(e.token);
          const owners = tokenOwners.get(e.lock) ?? new Map<number, Grant>();
          tokenOwners.set(e.lock, owners);
          const earlier = owners.get(e.token);
          if (earlier) {
            violations.push({
              kind: "token-regression",
              t: e.t,
              endT: null,
              clients: [earlier.client, e.client],
              tokens: [e.token],
              text: `At ${seconds(e.t)} ${e.client} was granted token ${e.token}, which ${earlier.client} had already been given at ${seconds(earlier.t)}: the token went back, so fencing cannot tell the two holders apart.`,
            });
          } else owners.set(e.token, g);
        }
        break;
      }
      case "lease-end": {
        const g = grants.get(e.grant);
        if (g && g.endT === Infinity) g.endT = e.t;
        break;
      }
      case "belief-start":
        if (e.grant !== null) latencies.push(e.latencyMs);
        beliefs.push(e);
        break;
      case "belief-end":
        beliefs.push(e);
        break;
      case "write": {
        if (e.accepted) writesAccepted++;
        else writesRejected++;
        const g = e.grant === null ? undefined : grants.get(e.grant);
        const stale = g !== undefined && e.t >= g.endT;
        if (stale && e.accepted) staleWritesAccepted++;
        if (stale && !e.accepted) staleWritesRejected++;
        if (!e.applied) break;
        if (e.run === null) {
          appliedCounterWrites.set(e.key, (appliedCounterWrites.get(e.key) ?? 0) + 1);
          counterValue.set(e.key, e.value);
          if (e.lostIncrements > 0) violations.push(lostUpdate(e, g));
        } else {
          const done = effects.get(e.run) ?? [];
          effects.set(e.run, done);
          done.push(e);
          if (done.length > 1) violations.push(duplicateEffect(e, done[0]));
        }
        break;
      }
      case "job-done":
        jobsDone++;
        break;
      case "attempt-abort":
        jobsAborted++;
        break;
      case "run-due":
        runsDue.add(e.run);
        break;
      case "timeout":
        timeouts++;
        break;
    }
  }

  const overlap = overlapOf(beliefs, scenario.durationMs, scenario.service.kind === "none");
  violations.push(...overlap.violations);
  violations.sort((a, b) => a.t - b.t);

  let lostUpdates = 0;
  let counter = 0;
  for (const [key, applied] of appliedCounterWrites) {
    const value = counterValue.get(key) ?? 0;
    lostUpdates += applied - value;
    counter += value;
  }
  let duplicateEffects = 0;
  for (const done of effects.values()) duplicateEffects += done.length - 1;
  let missedRuns = 0;
  for (const run of runsDue) if (!effects.has(run)) missedRuns++;

  const summary: Summary = {
    verdict: lostUpdates > 0 || duplicateEffects > 0 ? "unsafe" : "safe",
    grants: grants.size,
    tokens,
    writesAccepted,
    writesRejected,
    staleWritesAccepted,
    staleWritesRejected,
    lostUpdates,
    counter,
    duplicateEffects,
    missedRuns,
    overlapMs: round(overlap.overlapMs),
    maxConcurrentHolders: overlap.maxConcurrent,
    jobsDone,
    jobsAborted,
    acquireLatencyMs: { p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)) },
    firstViolationMs: violations.length ? round(violations[0].t) : null,
    throughputPerSec: round(jobsDone / (scenario.durationMs / 1000)),
    backlogMax,
    serviceUtilization: round(serviceUtilization, 6),
    timeouts,
    incomplete: null,
  };
  return { summary, violations, grants };
}

function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** Nearest-rank percentile; 0 when there are no values. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.max(0, rank - 1)];
}

function lostUpdate(e: EventOf<"write">, g: { endT: number } | undefined): Violation {
  const victims = e.overwrote.filter((c) => c !== e.client);
  const token = e.token === null ? "" : ` with token ${e.token}`;
  const why =
    g && e.t >= g.endT
      ? `, after its lease had ended at ${seconds(g.endT)}`
      : e.grant === null
        ? " without holding the lock"
        : "";
  return {
    kind: "lost-update",
    t: e.t,
    endT: null,
    clients: [e.client, ...victims],
    tokens: e.token === null ? [] : [e.token],
    text: `At ${seconds(e.t)} ${e.client} wrote ${e.value}${token}${why}, computed from the ${e.readValue} it had read; storage accepted it and ${lostIncrements(victims, e.lostIncrements)}.`,
  };
}

function duplicateEffect(e: EventOf<"write">, first: EventOf<"write">): Violation {
  return {
    kind: "duplicate-effect",
    t: e.t,
    endT: null,
    clients: [e.client, first.client],
    tokens: [],
    text: `At ${seconds(e.t)} ${e.client} performed run ${e.run} again; ${first.client === e.client ? "it" : first.client} had already performed it at ${seconds(first.t)}, so the effect happened twice.`,
  };
}

/**
 * Overlap: true time covered by two or more belief intervals of the same lock at once. Beliefs are
 * paired into intervals first (an empty one, begun and ended at one instant, covers no time), and
 * an end and a start at the same instant do not overlap.
 */
function overlapOf(beliefs: EventOf<"belief-start" | "belief-end">[], durationMs: number, lockless: boolean) {
  const byLock = new Map<string, { t: number; delta: 1 | -1; client: string; token: number | null }[]>();
  const open = new Map<string, EventOf<"belief-start">>();
  const addInterval = (start: EventOf<"belief-start">, endT: number) => {
    if (endT <= start.t) return;
    let list = byLock.get(start.lock);
    if (!list) byLock.set(start.lock, (list = []));
    list.push({ t: start.t, delta: 1, client: start.proc, token: start.token }, { t: endT, delta: -1, client: start.proc, token: null });
  };
  for (const e of beliefs) {
    const key = `${e.proc}/${e.lock}`;
    const started = open.get(key);
    if (e.kind === "belief-start") open.set(key, e);
    else if (started) {
      open.delete(key);
      addInterval(started, e.t);
    }
  }
  for (const started of open.values()) addInterval(started, durationMs);

  let overlapMs = 0;
  let maxConcurrent = 0;
  const violations: Violation[] = [];
  for (const list of byLock.values()) {
    list.sort((a, b) => a.t - b.t || a.delta - b.delta);
    const holders = new Map<string, number | null>();
    let since = 0;
    let current: Violation | null = null;
    for (const edge of list) {
      if (holders.size >= 2) overlapMs += edge.t - since;
      if (edge.delta === 1) holders.set(edge.client, edge.token);
      else holders.delete(edge.client);
      since = edge.t;
      maxConcurrent = Math.max(maxConcurrent, holders.size);
      if (holders.size >= 2 && !current) {
        current = { kind: "overlap", t: edge.t, endT: null, clients: [...holders.keys()], tokens: tokensOf(holders), text: "" };
        violations.push(current);
      } else if (holders.size >= 2 && current) {
        for (const [c, token] of holders) {
          if (!current.clients.includes(c)) current.clients.push(c);
          if (token !== null && !current.tokens.includes(token)) current.tokens.push(token);
        }
      } else if (holders.size < 2 && current) {
        current.endT = edge.t;
        current = null;
      }
    }
  }
  for (const v of violations) {
    if (v.endT === null) v.endT = durationMs;
    v.text = overlapText(v as Violation & { endT: number }, lockless);
  }
  return { overlapMs, maxConcurrent, violations };
}

/** An overlap in words; one shorter than a tenth of a second is timed in ms, so it never reads "0.0 s". */
function overlapText(v: Violation & { endT: number }, lockless: boolean): string {
  const lastedMs = v.endT - v.t;
  const when = seconds(v.t) === seconds(v.endT) ? `At ${seconds(v.t)}` : `From ${seconds(v.t)} to ${seconds(v.endT)}`;
  const tokens = v.tokens.length ? ` (tokens ${listOf(v.tokens.map(String))})` : "";
  const lasted = lastedMs >= 100 ? seconds(lastedMs) : lastedMs >= 1 ? `${Math.round(lastedMs)} ms` : "under 1 ms";
  // With no lock there is no exclusion to lose: the clients simply ran at once.
  if (lockless) return `${when} ${listOf(v.clients)} were in their critical sections at once, for ${lasted}.`;
  return `${when} ${listOf(v.clients)} each believed they held the lock${tokens}: mutual exclusion was lost for ${lasted}.`;
}

function tokensOf(holders: Map<string, number | null>): number[] {
  return [...holders.values()].filter((t): t is number => t !== null);
}
