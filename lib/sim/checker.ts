/**
 * The checker: what happened, from the omniscient view. It reads only the event log and derives
 * the run's facts (grants and their liveness, beliefs, writes and reads with their outcomes,
 * critical sections, aborts), and from them stale writes, overlap, concurrent sections, lost
 * updates, duplicate effects, missed runs, the verdict, and a time-ordered list of violations,
 * each with a plain sentence a learner can read. Every count in the summary is a recount of the
 * log, so no part of the engine can report something the log does not show; every reader of a
 * run reads the facts instead of deriving them again.
 */
import { CHECKER_EVENT_KINDS, type EventBody, type SimEvent } from "./events";
import type {
  AbortFact,
  BeliefFact,
  ConcurrentFact,
  GrantFact,
  PendingFact,
  ReadFact,
  RunFacts,
  SectionFact,
  Staleness,
  WriteFact,
} from "./facts";
import { listOf, lostIncrements, seconds } from "./format";
import { rejectionText } from "./format";
import type { ResolvedScenario } from "./scenario";

export interface Summary {
  /** `undecided`: no damage yet, but a stale write was still on its way when the run ended. */
  verdict: "safe" | "unsafe" | "undecided";
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
  /** True time during which two or more clients were between taking the lock and finishing their write. */
  concurrentSectionsMs: number;
  /** Attempts still in their critical section when the run ended, their write still to come. */
  writesPending: number;
  /** Of those, the ones whose grant had already ended: stale writes on their way. */
  staleWritesPending: number;
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

export interface CheckResult {
  summary: Summary;
  violations: Violation[];
  facts: RunFacts;
}

/** The true time a grant ended, or Infinity if it outlived the run. */
const grantEnd = (g: GrantFact): number => g.endedAt ?? Infinity;

/**
 * Checks a run from its event log. `serviceUtilization` and `backlogMax` are measured by the run
 * itself (the service's queue and the dispatcher's backlog are not events).
 */
export function check(
  events: readonly SimEvent[],
  scenario: ResolvedScenario,
  serviceUtilization: number,
  backlogMax = 0,
): CheckResult {
  const checker = createChecker(scenario);
  // Most of a full log is messages, which the checker never reads.
  for (const e of events) if (CHECKER_EVENT_KINDS.has(e.kind)) checker.read(e, e.t, e.seq);
  return checker.finish(serviceUtilization, backlogMax);
}

/** The checker fed one event at a time, in log order: `read` each, then `finish` once. */
export interface Checker {
  /** Reads an event that happened at true time `t` (ms) as the `seq`-th of the log. */
  read(e: EventBody, t: number, seq: number): void;
  finish(serviceUtilization: number, backlogMax: number): CheckResult;
}

/**
 * A checker that reads events as they happen, so a summary-only run can check itself without
 * keeping a log: it reaches exactly what `check` reaches from the same events.
 */
export function createChecker(scenario: ResolvedScenario): Checker {
  const grants = new Map<number, GrantFact>();
  const tokens: number[] = [];
  const violations: Violation[] = [];
  const tokenOwners = new Map<string, Map<number, GrantFact>>();
  const beliefs: BeliefFact[] = [];
  const openBeliefs = new Map<string, BeliefFact>();
  const sections: SectionFact[] = [];
  const openSections = new Map<string, SectionFact>();
  /** Each section's belief (they open together) and how far its attempt got. */
  const sectionBelief = new Map<SectionFact, BeliefFact>();
  const sectionStage = new Map<SectionFact, { worked: boolean; checked: boolean }>();
  const lastLock = new Map<string, string>();
  const writes: WriteFact[] = [];
  const reads: ReadFact[] = [];
  const aborts: AbortFact[] = [];
  let writesAccepted = 0;
  let writesRejected = 0;
  let staleWritesAccepted = 0;
  let staleWritesRejected = 0;
  let jobsDone = 0;
  let timeouts = 0;
  const latencies: number[] = [];
  const appliedCounterWrites = new Map<string, number>();
  const counterValue = new Map<string, number>();
  /** Each job's or run's first applied write, by idempotency key. */
  const firstApplied = new Map<string, WriteFact>();
  const runsPerformed = new Set<number>();
  let duplicateEffects = 0;
  const runsDue = new Set<number>();
  const writesInFlight: WriteInFlight[] = [];
  /** Sections their client's crash ended: it will never write, though a write it had sent may still land. */
  const crashedSections = new Set<SectionFact>();
  const crashSection = (client: string, t: number) => {
    const open = openSections.get(client);
    if (open) crashedSections.add(open);
    closeSection(client, t);
  };
  const closeSection = (client: string, t: number) => {
    const open = openSections.get(client);
    if (!open) return;
    open.to = t;
    openSections.delete(client);
  };

  function read(e: EventBody, t: number, seq: number): void {
    switch (e.kind) {
      case "grant": {
        const g: GrantFact = {
          grant: e.grant,
          client: e.client,
          lock: e.lock,
          token: e.token,
          issuedBy: e.proc,
          grantedAt: t,
          endedAt: null,
          endReason: null,
        };
        grants.set(e.grant, g);
        if (e.token !== null) {
          tokens.push(e.token);
          const owners = tokenOwners.get(e.lock) ?? new Map<number, GrantFact>();
          tokenOwners.set(e.lock, owners);
          const earlier = owners.get(e.token);
          if (earlier) {
            violations.push({
              kind: "token-regression",
              t,
              endT: null,
              clients: [earlier.client, e.client],
              tokens: [e.token],
              text: `At ${seconds(t)} ${e.client} was granted token ${e.token}, which ${earlier.client} had already been given at ${seconds(earlier.grantedAt)}: the token went back, so fencing cannot tell the two holders apart.`,
            });
          } else owners.set(e.token, g);
        }
        break;
      }
      case "lease-end": {
        const g = grants.get(e.grant);
        if (g && g.endedAt === null) {
          g.endedAt = t;
          g.endReason = e.reason;
        }
        break;
      }
      case "belief-start": {
        if (e.grant !== null) latencies.push(e.latencyMs);
        const key = `${e.proc}/${e.lock}`;
        const belief: BeliefFact = {
          client: e.proc,
          lock: e.lock,
          grant: e.grant,
          token: e.token,
          from: t,
          to: null,
          endReason: null,
          outlivedGrantAt: null,
        };
        openBeliefs.set(key, belief);
        beliefs.push(belief);
        // A new attempt's section opens when it takes the lock (or enters its section without one).
        closeSection(e.proc, t);
        const section: SectionFact = { client: e.proc, lock: e.lock, grant: e.grant, from: t, to: null };
        openSections.set(e.proc, section);
        sections.push(section);
        sectionBelief.set(section, belief);
        sectionStage.set(section, { worked: false, checked: false });
        lastLock.set(e.proc, e.lock);
        break;
      }
      case "belief-end": {
        const key = `${e.proc}/${e.lock}`;
        const belief = openBeliefs.get(key);
        if (belief) {
          belief.to = t;
          belief.endReason = e.reason;
          openBeliefs.delete(key);
        }
        if (e.reason === "crashed") crashSection(e.proc, t);
        break;
      }
      case "read":
        reads.push({
          t,
          seq,
          client: e.client,
          key: e.key,
          token: e.token,
          value: e.value,
          version: e.version,
          rejection: e.rejection,
        });
        break;
      case "write": {
        if (e.accepted) writesAccepted++;
        else writesRejected++;
        const g = e.grant === null ? undefined : grants.get(e.grant);
        const stale =
          g !== undefined && t >= grantEnd(g)
            ? { grantEndedAt: g.endedAt as number, grantEndReason: g.endReason! }
            : null;
        if (stale && e.accepted) staleWritesAccepted++;
        if (stale && !e.accepted) staleWritesRejected++;
        const w: WriteFact = {
          t,
          seq,
          client: e.client,
          key: e.key,
          lock: g?.lock ?? lastLock.get(e.client) ?? "lock",
          grant: e.grant,
          token: e.token,
          value: e.value,
          readValue: e.readValue,
          accepted: e.accepted,
          applied: e.applied,
          rejection: e.rejection,
          stale,
          lostIncrements: e.lostIncrements,
          overwrote: e.overwrote,
          run: e.run,
          job: e.idempotencyKey,
          duplicateOf: null,
        };
        writes.push(w);
        if (!e.applied) break;
        if (e.run === null) {
          appliedCounterWrites.set(e.key, (appliedCounterWrites.get(e.key) ?? 0) + 1);
          counterValue.set(e.key, e.value);
          if (e.lostIncrements > 0) violations.push(lostUpdate(w));
        } else runsPerformed.add(e.run);
        const first = firstApplied.get(w.job);
        if (first) {
          w.duplicateOf = first.seq;
          duplicateEffects++;
          violations.push(duplicateEffect(w, first));
        } else firstApplied.set(w.job, w);
        break;
      }
      case "work-end": {
        const open = openSections.get(e.proc);
        if (open) sectionStage.get(open)!.worked = true;
        break;
      }
      case "check": {
        const open = openSections.get(e.proc);
        if (open && e.ok) sectionStage.get(open)!.checked = true;
        break;
      }
      case "job-done":
        jobsDone++;
        closeSection(e.proc, t);
        break;
      case "attempt-abort":
        aborts.push({ t, seq, client: e.proc, cause: e.cause });
        closeSection(e.proc, t);
        break;
      case "run-due":
        runsDue.add(e.run);
        break;
      case "storage-failover":
        // The promoted replica lacks the latest writes: the counters go back, and those increments are lost.
        for (const [key, value] of Object.entries(e.values)) if (counterValue.has(key)) counterValue.set(key, value);
        break;
      case "timeout":
        timeouts++;
        break;
      case "write-in-flight":
        writesInFlight.push(e);
        break;
      case "crash":
        // A client that had stopped believing before it crashed still ends its section here.
        crashSection(e.proc, t);
        break;
    }
  }

  return { read, finish };

  function finish(serviceUtilization: number, backlogMax: number): CheckResult {
    for (const b of beliefs) {
      const g = b.grant === null ? undefined : grants.get(b.grant);
      if (g && g.endedAt !== null && (b.to === null || b.to > g.endedAt)) b.outlivedGrantAt = g.endedAt;
    }

    const durationMs = scenario.durationMs;
    const overlap = coverageOf(
      beliefs.map((b) => ({ client: b.client, lock: b.lock, token: b.token, from: b.from, to: b.to ?? durationMs })),
    );
    const concurrent = coverageOf(
      sections.map((c) => ({ client: c.client, lock: c.lock, token: null, from: c.from, to: c.to ?? durationMs })),
    );
    const concurrentFacts = concurrent.episodes.map((ep) => concurrentFact(ep, sections, sectionBelief, durationMs));
    const pending = pendingOf(
      sections,
      sectionBelief,
      sectionStage,
      grants,
      scenario.clients.checkBeforeWrite,
      writesInFlight,
      crashedSections,
    );
    const staleWritesPending = pending.filter((p) => p.stale !== null).length;
    // A stale write that storage will refuse or ignore when it lands cannot change the verdict.
    const undecided = pending.some((p) => p.stale !== null && !settled(p));
    const lockless = scenario.service.kind === "none";
    for (const e of overlap.episodes)
      violations.push({
        kind: "overlap",
        t: e.t,
        endT: e.endT,
        clients: e.clients,
        tokens: e.tokens,
        text: overlapText(e, lockless),
      });
    violations.sort((a, b) => a.t - b.t);

    let lostUpdates = 0;
    let counter = 0;
    for (const [key, applied] of appliedCounterWrites) {
      const value = counterValue.get(key) ?? 0;
      lostUpdates += applied - value;
      counter += value;
    }
    let missedRuns = 0;
    for (const run of runsDue) if (!runsPerformed.has(run)) missedRuns++;

    const summary: Summary = {
      verdict: lostUpdates > 0 || duplicateEffects > 0 ? "unsafe" : undecided ? "undecided" : "safe",
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
      overlapMs: round(overlap.coveredMs),
      maxConcurrentHolders: overlap.maxConcurrent,
      concurrentSectionsMs: round(concurrent.coveredMs),
      writesPending: pending.length,
      staleWritesPending,
      jobsDone,
      jobsAborted: aborts.length,
      acquireLatencyMs: { p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)) },
      firstViolationMs: violations[0] ? round(violations[0].t) : null,
      throughputPerSec: round(jobsDone / (durationMs / 1000)),
      backlogMax,
      serviceUtilization: round(serviceUtilization, 6),
      timeouts,
      incomplete: null,
    };
    return {
      summary,
      violations,
      facts: {
        grants: [...grants.values()],
        beliefs,
        writes,
        reads,
        sections,
        concurrent: concurrentFacts,
        pending,
        aborts,
      },
    };
  }
}

/**
 * A warning for each stale write still on its way when the run ended: the verdict is undecided,
 * as a longer run would see it land (or be rejected).
 */
export function pendingWarnings(facts: RunFacts): string[] {
  return facts.pending.flatMap((p) => {
    if (!p.stale) return [];
    const lease = `its lease over since ${seconds(p.stale.grantEndedAt)}`;
    if (p.inFlight && p.senderCrashedAt !== null) {
      return [
        `pending: ${p.client} crashed at ${seconds(p.senderCrashedAt)}, but its write${tokenText(p.token)}, sent at ${seconds(p.inFlight.sentAt)}, was still in the network when the run ended: it would reach storage at ${seconds(p.inFlight.arrivesAt)}, after ${p.client}'s lease ended at ${seconds(p.stale.grantEndedAt)}${landingText(p)}`,
      ];
    }
    if (p.inFlight && p.senderGaveUpAt !== null) {
      return [
        `pending: ${p.client}'s attempt ended at ${seconds(p.senderGaveUpAt)} and it went on, but its write${tokenText(p.token)}, sent at ${seconds(p.inFlight.sentAt)}, was still in the network when the run ended: it would reach storage at ${seconds(p.inFlight.arrivesAt)}, after ${p.client}'s lease ended at ${seconds(p.stale.grantEndedAt)}${landingText(p)}`,
      ];
    }
    if (p.inFlight)
      return [
        `pending: ${p.client} was still in its critical section when the run ended, with ${lease}; its write, sent at ${seconds(p.inFlight.sentAt)}, would reach storage at ${seconds(p.inFlight.arrivesAt)}${landingText(p)}`,
      ];
    const doing =
      p.stage === "writing"
        ? "its write was about to reach storage or on its way"
        : "it was still working towards its write";
    return [
      `pending: ${p.client} was still in its critical section when the run ended, with ${lease}; ${doing}, so the verdict may change if the run were longer`,
    ];
  });
}

const tokenText = (token: number | null) => (token === null ? "" : ` (token ${token})`);

/** A pending write whose fate is already sealed: in the network, and storage will refuse it or ignore it as a repeat. */
const settled = (p: PendingFact) => p.inFlight !== null && (p.inFlight.rejection !== null || p.inFlight.repeat);

/** What becomes of a write in the network when it lands, and so of the verdict. */
function landingText(p: PendingFact): string {
  const f = p.inFlight!;
  if (f.rejection) return `, where storage would reject it (${rejectionText(f.rejection)}), so the verdict stands`;
  if (f.repeat) return ", where storage would ignore it as a repeat of its job, so the verdict stands";
  return ", so the verdict may change if the run were longer";
}

/** An episode of concurrent sections, with the clients that worked in it after their belief had ended. */
function concurrentFact(
  ep: Episode,
  sections: SectionFact[],
  beliefOf: Map<SectionFact, BeliefFact>,
  durationMs: number,
): ConcurrentFact {
  const pastBelief: ConcurrentFact["pastBelief"] = [];
  for (const s of sections) {
    const b = beliefOf.get(s)!;
    const sectionEnd = s.to ?? durationMs;
    if (s.lock !== ep.lock || !ep.clients.includes(s.client) || s.from >= ep.endT || sectionEnd <= ep.t) continue;
    // The belief ended while the section went on, and before the episode was over.
    if (
      b.to !== null &&
      b.endReason !== null &&
      b.to < sectionEnd &&
      b.to < ep.endT &&
      !pastBelief.some((p) => p.client === s.client)
    ) {
      pastBelief.push({ client: s.client, beliefEndedAt: b.to, reason: b.endReason });
    }
  }
  return { lock: ep.lock, from: ep.t, to: ep.endT, clients: ep.clients, pastBelief };
}

type WriteInFlight = Extract<EventBody, { kind: "write-in-flight" }>;

/**
 * The writes still to come at the end: every attempt still in its critical section, and every
 * write still in the network, even when its sender crashed (it lands all the same). An attempt that checks its lease before writing and no longer believes, and has
 * not passed its check, will drop its write: not pending.
 */
function pendingOf(
  sections: SectionFact[],
  beliefOf: Map<SectionFact, BeliefFact>,
  stageOf: Map<SectionFact, { worked: boolean; checked: boolean }>,
  grants: Map<number, GrantFact>,
  checkBeforeWrite: boolean,
  writesInFlight: readonly WriteInFlight[],
  crashed: ReadonlySet<SectionFact>,
): PendingFact[] {
  const staleness = (grant: number | null): Staleness | null => {
    const g = grant === null ? undefined : grants.get(grant);
    return g && g.endedAt !== null && g.endReason !== null
      ? { grantEndedAt: g.endedAt, grantEndReason: g.endReason }
      : null;
  };
  const pending: PendingFact[] = [];
  const open = new Map<SectionFact, PendingFact>();
  for (const s of sections) {
    if (s.to !== null) continue;
    const b = beliefOf.get(s)!;
    const stage = stageOf.get(s)!;
    if (checkBeforeWrite && s.grant !== null && b.to !== null && !stage.checked) continue;
    const p: PendingFact = {
      client: s.client,
      lock: s.lock,
      grant: s.grant,
      token: b.token,
      since: s.from,
      stage: stage.worked ? "writing" : "working",
      stale: staleness(s.grant),
      inFlight: null,
      senderCrashedAt: null,
      senderGaveUpAt: null,
    };
    pending.push(p);
    open.set(s, p);
  }
  for (const w of writesInFlight) {
    const inFlight = {
      sentAt: w.sentAt,
      arrivesAt: w.arrivesAt,
      key: w.key,
      value: w.value,
      readValue: w.readValue,
      rejection: w.rejection,
      repeat: w.repeat,
    };
    // The attempt that sent it: the client's last section opened by then.
    let section: SectionFact | undefined;
    for (const s of sections) if (s.client === w.client && s.from <= w.sentAt) section = s;
    const live = section && open.get(section);
    if (live) {
      live.inFlight = inFlight;
      continue;
    }
    // The write outlived the attempt that sent it: its sender crashed, or gave it up after a
    // timeout and went on. Either way it will land, perhaps stale, perhaps as a second copy.
    if (!section || section.to === null) continue;
    const grant = w.grant === null ? undefined : grants.get(w.grant);
    pending.push({
      client: w.client,
      lock: grant?.lock ?? section.lock,
      grant: w.grant,
      token: w.token,
      since: section.from,
      stage: "writing",
      stale: staleness(w.grant),
      inFlight,
      senderCrashedAt: crashed.has(section) ? section.to : null,
      senderGaveUpAt: crashed.has(section) ? null : section.to,
    });
  }
  return pending;
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
  // 0 ≤ p ≤ 100 keeps the rank within 1..n on a list that is not empty.
  return sorted[Math.max(0, rank - 1)]!;
}

function lostUpdate(e: WriteFact): Violation {
  const victims = e.overwrote.filter((c) => c !== e.client);
  const token = e.token === null ? "" : ` with token ${e.token}`;
  const why = e.stale
    ? `, after its lease had ended at ${seconds(e.stale.grantEndedAt)}`
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

function duplicateEffect(e: WriteFact, first: WriteFact): Violation {
  // A counter job applied twice: its writer got no answer to the first write in time and retried the job.
  const text =
    e.run === null
      ? `At ${seconds(e.t)} ${e.client} wrote ${e.value} for a job whose write storage had already applied at ${seconds(first.t)}: ${e.client}'s reply was lost and it retried, so the counter was incremented twice for one job.`
      : `At ${seconds(e.t)} ${e.client} performed run ${e.run} again; ${first.client === e.client ? "it" : first.client} had already performed it at ${seconds(first.t)}, so the effect happened twice.`;
  return {
    kind: "duplicate-effect",
    t: e.t,
    endT: null,
    clients: e.client === first.client ? [e.client] : [e.client, first.client],
    tokens: [],
    text,
  };
}

interface Interval {
  client: string;
  lock: string;
  token: number | null;
  from: number;
  to: number;
}

interface Episode {
  lock: string;
  t: number;
  endT: number;
  clients: string[];
  tokens: number[];
}

/**
 * True time covered by two or more intervals of the same lock at once (belief overlap, or
 * concurrent critical sections), the most at one instant, and each episode of it. An empty
 * interval covers no time, and an end and a start at the same instant do not overlap.
 */
function coverageOf(intervals: Interval[]): { coveredMs: number; maxConcurrent: number; episodes: Episode[] } {
  const byLock = new Map<string, { t: number; delta: 1 | -1; client: string; token: number | null }[]>();
  for (const i of intervals) {
    if (i.to <= i.from) continue;
    let list = byLock.get(i.lock);
    if (!list) byLock.set(i.lock, (list = []));
    list.push(
      { t: i.from, delta: 1, client: i.client, token: i.token },
      { t: i.to, delta: -1, client: i.client, token: null },
    );
  }

  let coveredMs = 0;
  let maxConcurrent = 0;
  const episodes: Episode[] = [];
  for (const [lock, list] of byLock) {
    list.sort((a, b) => a.t - b.t || a.delta - b.delta);
    const holders = new Map<string, number | null>();
    let since = 0;
    let current: Episode | null = null;
    for (const edge of list) {
      if (holders.size >= 2) coveredMs += edge.t - since;
      if (edge.delta === 1) holders.set(edge.client, edge.token);
      else holders.delete(edge.client);
      since = edge.t;
      maxConcurrent = Math.max(maxConcurrent, holders.size);
      if (holders.size >= 2 && !current) {
        current = { lock, t: edge.t, endT: edge.t, clients: [...holders.keys()], tokens: tokensOf(holders) };
        episodes.push(current);
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
  return { coveredMs, maxConcurrent, episodes };
}

/** An overlap in words; one shorter than a tenth of a second is timed in ms, so it never reads "0.0 s". */
function overlapText(v: Episode, lockless: boolean): string {
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
