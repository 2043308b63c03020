/**
 * The story of a run: the events that matter, in order, each as a plain sentence with the true
 * time it happened, so the outcome panel can tell the run and jump the timeline to any moment.
 * Routine traffic (messages, retries after the first refusal, successful renewals) is left out;
 * the checker's overlap and token-regression violations are told in its own words.
 *
 * Each kind of event that needs a sentence has its own teller (`tellers`), which reads the event
 * and the run's facts: who was granted a lock and until when, how a write or a read ended, why an
 * attempt was abandoned. The story keeps only what the facts do not record (`StoryMemory`): which
 * grant a client believes in at this point of the log, how many refusals in a row, the last cause
 * of an abandon, the last session change a client saw, the last leader, who is working.
 */
import type { SessionState, SimEvent } from "@/lib/sim/events";
import type { AbortCause, AbortFact, ConcurrentFact, GrantFact, ReadFact, WriteFact } from "@/lib/sim/facts";
import { listOf, lostIncrements, seconds, rejectionText, formatDuration } from "@/lib/sim/format";
import type { SimResult } from "@/lib/sim/simulate";
import { serviceNodeIds, type ServiceSpec } from "@/lib/sim/scenario";
import { redlockQuorum } from "@/lib/sim/services/redlock";
import { leaseEndWords, pausePhrase, refusalWords, rejectionClause, sessionWords } from "./phrases";

export type StoryTone = "plain" | "fault" | "danger" | "safe";

export interface StoryLine {
  /** True time in ms: the moment the sentence tells of. */
  t: number;
  /** The event's seq, so lines at one instant keep the log's order; violations come after. */
  seq: number;
  text: string;
  tone: StoryTone;
}

export interface Story {
  lines: StoryLine[];
  /** Lines left out past `maxLines`. */
  omitted: number;
}

/** What a teller says of its event: a sentence (its full stop added) and its tone, or nothing. */
type Told = { text: string; tone?: StoryTone } | null;
type EventOf<K extends SimEvent["kind"]> = SimEvent & { kind: K };
type Teller<K extends SimEvent["kind"]> = (e: EventOf<K>, run: StoryRun) => Told;

/** The run a teller reads: the scenario's service, the facts by their keys, and the story so far. */
interface StoryRun {
  events: SimEvent[];
  /** The event's index in `events`: a teller may look at its neighbours. */
  index: number;
  service: ServiceSpec;
  /** Where a lock service's process is named: a node of the service, or "the lock service". */
  where: (proc: string) => string;
  isServiceNode: (proc: string) => boolean;
  writeAt: Map<number, WriteFact>;
  readAt: Map<number, ReadFact>;
  abortAt: Map<number, AbortFact>;
  grantOf: Map<number, GrantFact>;
  /** The client `lock` was granted to last, while that grant is live at `t`. */
  holderOf: (lock: string, t: number) => string | undefined;
  /** What the facts do not record, kept as the log is read. */
  memory: StoryMemory;
}

interface StoryMemory {
  /**
   * The grant each client believes it holds (null: a section with no lock), as far as the log has
   * been read: a belief fact holds only times, and at one instant the log's order decides whether
   * a client still believed when its lease ended or when it woke.
   */
  believing: Map<string, number | null>;
  /** Refusals in a row since the client last took the lock or went ahead without it. */
  refusals: Map<string, number>;
  /** Why each client last abandoned an attempt: an abandon repeated for the same cause is told once. */
  aborts: Map<string, AbortCause>;
  /** The last change to its session each client saw itself. */
  sessionNews: Map<string, { t: number; state: SessionState }>;
  /** etcd: the last leader change. */
  leaderSince: { t: number; proc: string } | null;
  /** Clients doing their work (between work-start and work-end). */
  working: Set<string>;
}

const at = (t: number) => `At ${seconds(t)}`;
const withToken = (token: number | null) => (token === null ? "" : ` with token ${token}`);
const tell = (text: string, tone: StoryTone = "plain"): Told => ({ text, tone });

/** Two aborts for the same cause read as one: the second is not told. */
const sameCause = (a: AbortCause | undefined, b: AbortCause) =>
  a !== undefined && JSON.stringify(a) === JSON.stringify(b);

/** The event before or after the teller's own. */
const neighbour = (run: StoryRun, by: -1 | 1): SimEvent | undefined => run.events[run.index + by];

/** A pause-end followed at once by the lease timer it had held back: the two read as one sentence. */
const timerFiredOnWaking = (pauseEnd: SimEvent, next: SimEvent | undefined): boolean =>
  pauseEnd.kind === "pause-end" &&
  next?.kind === "belief-end" &&
  next.proc === pauseEnd.proc &&
  next.t === pauseEnd.t &&
  next.reason === "lease-deadline";

/** Cuts made (or mended) at one instant from one process read as one sentence, told at the first. */
const sameCut = (
  a: EventOf<"partition-start" | "partition-end">,
  b: SimEvent | undefined,
): b is EventOf<"partition-start" | "partition-end"> =>
  b?.kind === a.kind && b.t === a.t && b.between[0] === a.between[0];

const tellers: { [K in SimEvent["kind"]]?: Teller<K> } = {
  "lease-end": (e, run) => {
    const phrase = leaseEndWords[e.reason].sentence;
    if (!phrase) return null;
    const stillBelieves = run.memory.believing.get(e.client) === e.grant;
    const { service } = run;
    // A Redlock lease is the client's own conclusion from its nodes' keys: it ends when too few still hold one.
    const ended =
      e.proc === e.client && service.kind === "redlock"
        ? `${e.client}'s key was left on fewer than ${redlockQuorum(service.nodes)} of the ${service.nodes} nodes, so its lock no longer had a majority`
        : phrase(e.client, run.where(e.proc));
    // etcd: a new leader gives every lease a fresh TTL, so this one ran out about a TTL after the change.
    const granted = run.grantOf.get(e.grant)?.grantedAt ?? Infinity;
    const leader = run.memory.leaderSince;
    const refreshed =
      service.kind === "etcd" && e.reason === "expired" && leader && leader.t > granted
        ? `, about a TTL after ${leader.proc} became the leader (a new leader gives every lease a fresh TTL)`
        : "";
    const text = `${at(e.t)} ${ended}${withToken(e.token) ? ` (token ${e.token})` : ""}${refreshed}`;
    return stillBelieves ? tell(`${text}, but ${e.client} still believes it holds the lock`, "danger") : tell(text);
  },
  refused: (e, run) => {
    const { refusals } = run.memory;
    const count = (refusals.get(e.proc) ?? 0) + 1;
    refusals.set(e.proc, count);
    const { service } = run;
    // Redlock's own lesson: a majority said yes, but the acquisition outlasted the lease.
    if (e.reason === "no-validity" && e.elapsedMs !== undefined && service.kind === "redlock") {
      const ttl = formatDuration(service.ttlMs);
      const longer = e.elapsedMs >= service.ttlMs ? `longer than its ${ttl} TTL` : `too much of its ${ttl} TTL`;
      return tell(
        `${at(e.t)} ${e.proc} gave up acquiring: a majority of nodes said OK, but getting their answers took ${formatDuration(e.elapsedMs)}, ${longer}, so no validity was left; it unlocked every node and will try again`,
        "safe",
      );
    }
    if (count > 1) return null;
    const holder = run.holderOf(e.lock, e.t);
    const why =
      e.reason === "held"
        ? holder && holder !== e.proc
          ? `${holder} holds it`
          : "it is held"
        : refusalWords[e.reason];
    return tell(`${at(e.t)} ${e.proc} asked for the lock and was refused: ${why}`);
  },
  "belief-start": (e, run) => {
    const { refusals, aborts } = run.memory;
    aborts.delete(e.proc);
    const refused = refusals.get(e.proc) ?? 0;
    refusals.delete(e.proc);
    if (e.grant === null) return tell(`${at(e.t)} ${e.proc} entered its critical section with no lock`);
    const after =
      refused > 1
        ? `, after ${refused} refusals`
        : e.latencyMs >= 1000
          ? `, after waiting ${formatDuration(e.latencyMs)}`
          : "";
    return tell(`${at(e.t)} ${e.proc} took the lock${withToken(e.token)}${after}`);
  },
  "fail-open": (e, run) => {
    run.memory.refusals.delete(e.proc);
    return tell(
      `${at(e.t)} ${e.proc} could not reach the lock service and went ahead without the lock (fail open)`,
      "danger",
    );
  },
  "belief-end": (e, run) => {
    // Told with the pause it ended, when its timer fired on waking.
    if (timerFiredOnWaking(neighbour(run, -1) ?? e, e)) return null;
    if (e.reason === "released") return releaseTold(e, run);
    if (e.reason === "lease-deadline") {
      const carriesOn = run.memory.working.has(e.proc)
        ? ": it no longer believes it holds the lock, but its work carries on"
        : "";
      return tell(`${at(e.t)} ${e.proc}'s own timer said its lease was over${carriesOn}`);
    }
    if (e.reason === "renewal-refused")
      return tell(`${at(e.t)} ${e.proc}'s renewal was refused, so it stopped believing it holds the lock`);
    if (e.reason !== "session-lost") return null;
    // The session line just before says why; "gone" is true only when the client learned it expired.
    const news = run.memory.sessionNews.get(e.proc);
    const now = news?.t === e.t ? news.state : null;
    if (now === "disconnected" || now === "jeopardy")
      return tell(
        `${at(e.t)} ${e.proc} stopped believing it holds the lock: it cannot tell whether its session is still alive`,
      );
    if (now === "stopped-leading") return null;
    return tell(`${at(e.t)} ${e.proc} learned its session was gone and stopped believing it holds the lock`);
  },
  "pause-start": (e) => tell(`${at(e.t)} ${e.proc} froze in ${pausePhrase(e.cause, e.forMs)}`, "fault"),
  "pause-end": (e, run) => {
    const paused = `${at(e.t)} ${e.proc} woke from a ${formatDuration(e.pausedMs)} pause`;
    if (timerFiredOnWaking(e, neighbour(run, 1))) {
      const carriesOn = run.memory.working.has(e.proc) ? ", but its work carries on" : "";
      return tell(
        `${paused}; its overdue lease timer fired at once, so it no longer believes it holds the lock${carriesOn}`,
        "fault",
      );
    }
    const believes = run.memory.believing.has(e.proc);
    return believes ? tell(`${paused}, still believing it holds the lock`, "danger") : tell(paused, "fault");
  },
  crash: (e) =>
    tell(
      `${at(e.t)} ${e.host ? `${e.proc}'s host vanished` : `${e.proc}'s process crashed and its connections were reset`}`,
      "fault",
    ),
  restart: (e, run) =>
    tell(`${at(e.t)} ${restartText(e.proc, run.isServiceNode(e.proc) ? run.service.kind : null)}`, "fault"),
  "clock-jump": (e) =>
    tell(
      `${at(e.t)} ${e.proc}'s clock jumped ${formatDuration(Math.abs(e.byMs))} ${e.byMs >= 0 ? "forward" : "back"}`,
      "fault",
    ),
  "partition-start": (e, run) =>
    partitionTold(e, run, (a, others) => tell(`${at(e.t)} the network cut ${a} off from ${others}`, "fault")),
  "partition-end": (e, run) =>
    partitionTold(e, run, (a, others) => tell(`${at(e.t)} the network reconnected ${a} to ${others}`)),
  "isolate-start": (e) => tell(`${at(e.t)} the network cut ${e.target} off from everyone`, "fault"),
  "isolate-end": (e) => tell(`${at(e.t)} ${e.target} could reach the network again`),
  "outage-start": (e) => tell(`${at(e.t)} the lock service became unreachable`, "fault"),
  "outage-end": (e) => tell(`${at(e.t)} the lock service came back`),
  failover: (e) => tell(`${at(e.t)} ${failoverText(e.proc, e.t, e.lostAfterMs, e.downMs)}`, "fault"),
  "storage-failover": (e) => {
    const writes = e.lostWrites === 1 ? "1 write" : `${e.lostWrites} writes`;
    return tell(
      `${at(e.t)} storage failed over to an asynchronous replica that lacks its last ${formatDuration(e.t - e.lostAfterMs)}: ${writes} and the highest fencing token it had seen since then were lost`,
      "fault",
    );
  },
  "leader-change": (e, run) => {
    run.memory.leaderSince = { t: e.t, proc: e.proc };
    return tell(`${at(e.t)} ${e.proc} became the leader (term ${e.term})`);
  },
  session: (e, run) => {
    if (e.proc === e.client) run.memory.sessionNews.set(e.client, { t: e.t, state: e.state });
    const text = sessionWords[e.state](e.client, e.proc);
    return text
      ? tell(`${at(e.t)} ${text}`, e.state === "safe" || e.state === "reconnected" ? "plain" : "fault")
      : null;
  },
  "lock-delay": (e) =>
    tell(
      `${at(e.t)} ${e.proc} keeps the lock from everyone until ${seconds(e.untilT)}: ${e.client} failed while holding it (lock-delay)`,
      "safe",
    ),
  check: (e) => {
    if (e.ok) {
      const left = e.remainingMs === null ? "" : `: ${formatDuration(e.remainingMs)} left by its own clock`;
      return tell(`${at(e.t)} ${e.proc} checked its lease before writing${left}, so it went ahead`);
    }
    const found = e.remainingMs !== null && e.remainingMs <= 0 ? "found it over" : "found it no longer holds the lock";
    return tell(`${at(e.t)} ${e.proc} checked its lease before writing and ${found}, so it dropped the write`, "safe");
  },
  read: (e, run) => {
    const rejection = run.readAt.get(e.seq)?.rejection;
    if (rejection?.by !== "fencing") return null;
    return tell(
      `${at(e.t)} ${e.client} read with token ${e.token}; storage had already seen ${rejection.seen ?? "a higher token"} and refused it`,
      "safe",
    );
  },
  "write-in-flight": (e, run) => {
    // A message already sent lands whatever became of its sender: the run ends before it does.
    const g = e.grant === null ? undefined : run.grantOf.get(e.grant);
    const stale = g?.endedAt != null ? `, after ${e.client}'s lease ended at ${seconds(g.endedAt)}` : "";
    const fate = e.rejection
      ? `, where storage would reject it (${rejectionText(e.rejection)})`
      : e.repeat
        ? ", where storage would ignore it as a repeat of its job"
        : "";
    return tell(
      `${at(e.t)} the run ended with ${e.client}'s write${e.token === null ? "" : ` (token ${e.token})`}, sent at ${seconds(e.sentAt)}, still in the network: it would reach storage at ${seconds(e.arrivesAt)}${stale}${fate}`,
      !stale ? "plain" : fate ? "safe" : "fault",
    );
  },
  "run-skip": (e) => tell(`${at(e.t)} ${e.proc} skipped run ${e.run}: ${e.reason}`),
  // A learner's client (lib/sim/code): its own log lines, and the error that stopped it.
  "code-log": (e) => tell(`${at(e.t)} ${e.proc} logged “${e.text}”`),
  "code-error": (e) =>
    tell(
      `${at(e.t)} ${e.proc}'s code stopped with an error${e.line === null ? "" : ` at line ${e.line}`}: ${e.message}`,
      "fault",
    ),
  "attempt-abort": (e, run) => {
    // A rejected write has its own sentence; an abandon repeated for the same reason is told once.
    const cause = run.abortAt.get(e.seq)?.cause;
    const { aborts } = run.memory;
    if (!cause || cause.kind === "write-rejected" || sameCause(aborts.get(e.proc), cause)) return null;
    aborts.set(e.proc, cause);
    return tell(`${at(e.t)} ${e.proc} abandoned its attempt and will start again: ${e.reason}`);
  },
};

/** What the story remembers of events it tells nothing of. */
function remember(e: SimEvent, memory: StoryMemory): void {
  if (e.kind === "belief-start") memory.believing.set(e.proc, e.grant);
  else if (e.kind === "belief-end") memory.believing.delete(e.proc);
  else if (e.kind === "work-start") memory.working.add(e.proc);
  else if (e.kind === "work-end") memory.working.delete(e.proc);
  else if (e.kind === "crash") {
    memory.believing.delete(e.proc);
    memory.working.delete(e.proc);
  }
}

function releaseTold(e: EventOf<"belief-end">, run: StoryRun): Told {
  const grant = run.memory.believing.get(e.proc);
  // With no lock (grant null) there is nothing to release: its write already ended the section.
  if (grant === null) return null;
  const g = grant === undefined ? undefined : run.grantOf.get(grant);
  // A release the service never applied (etcd without a quorum cannot commit the delete): the lock stayed taken.
  if (g && g.endReason !== "released" && (g.endedAt === null || g.endedAt > e.t)) {
    const ended =
      g.endedAt === null
        ? "it outlived the run"
        : `it ${leaseEndWords[g.endReason!].verb} only at ${seconds(g.endedAt)}`;
    return tell(
      `${at(e.t)} ${e.proc} released the lock, but the lock service never applied the release: ${ended}`,
      "fault",
    );
  }
  return tell(`${at(e.t)} ${e.proc} released the lock`);
}

function partitionTold(
  e: EventOf<"partition-start" | "partition-end">,
  run: StoryRun,
  say: (a: string, others: string) => Told,
): Told {
  if (sameCut(e, neighbour(run, -1))) return null;
  const others = [e.between[1]];
  for (let i = run.index + 1, next = run.events[i]; sameCut(e, next); next = run.events[++i])
    others.push(next.between[1]);
  return say(e.between[0], listOf(others));
}

/** Each lock's grants, in the order they were made, and the live grant made last before a time. */
function holdersByLock(grants: GrantFact[]): (lock: string, t: number) => string | undefined {
  const byLock = new Map<string, GrantFact[]>();
  for (const g of grants) {
    const list = byLock.get(g.lock);
    if (list) list.push(g);
    else byLock.set(g.lock, [g]);
  }
  return (lock, t) => {
    const list = byLock.get(lock);
    if (!list) return undefined;
    const g = list[lastAtOrBefore(list, t, (x) => x.grantedAt)];
    return g && (g.endedAt === null || g.endedAt > t) ? g.client : undefined;
  };
}

/** The index of the last item whose time is at or before `t` (items in time order), or -1. */
function lastAtOrBefore<T>(items: T[], t: number, timeOf: (item: T) => number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (timeOf(items[mid]!) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

export function storyOf(result: SimResult, options: { maxLines?: number } = {}): Story {
  const maxLines = options.maxLines ?? 400;
  const { events, facts } = result;
  const service = result.scenario.service;
  const nodes = new Set(serviceNodeIds(service));
  const run: StoryRun = {
    events,
    index: 0,
    service,
    where: (proc) => (nodes.has(proc) ? proc : "the lock service"),
    isServiceNode: (proc) => nodes.has(proc),
    writeAt: new Map(facts.writes.map((w) => [w.seq, w])),
    readAt: new Map(facts.reads.map((r) => [r.seq, r])),
    abortAt: new Map(facts.aborts.map((a) => [a.seq, a])),
    grantOf: new Map(facts.grants.map((g) => [g.grant, g])),
    holderOf: holdersByLock(facts.grants),
    memory: {
      believing: new Map(),
      refusals: new Map(),
      aborts: new Map(),
      sessionNews: new Map(),
      leaderSince: null,
      working: new Set(),
    },
  };

  const lines: StoryLine[] = [];
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    run.index = i;
    if (e.kind === "write") {
      // A write's sentence is its fact's: what storage did and why, ended by its own full stop.
      const w = run.writeAt.get(e.seq);
      if (w)
        lines.push({
          t: w.t,
          seq: w.seq,
          text: writeSentence(w, w.duplicateOf === null ? null : (run.writeAt.get(w.duplicateOf) ?? null)),
          tone: writeTone(w),
        });
      continue;
    }
    const teller = tellers[e.kind] as Teller<typeof e.kind> | undefined;
    const told = teller?.(e, run);
    if (told) lines.push({ t: e.t, seq: e.seq, text: `${told.text}.`, tone: told.tone ?? "plain" });
    remember(e, run.memory);
  }

  for (const v of result.violations) {
    if (v.kind === "overlap" || v.kind === "token-regression")
      lines.push({ t: v.t, seq: Number.MAX_SAFE_INTEGER, text: v.text, tone: "danger" });
  }
  // Work that went on past a belief: the overlap of beliefs does not show it, the concurrent sections do.
  for (const c of facts.concurrent) {
    if (c.pastBelief.length)
      lines.push({ t: c.from, seq: Number.MAX_SAFE_INTEGER, text: concurrentSentence(c), tone: "danger" });
  }
  lines.sort((a, b) => a.t - b.t || a.seq - b.seq);
  return { lines: lines.slice(0, maxLines), omitted: Math.max(0, lines.length - maxLines) };
}

function writeTone(w: WriteFact): StoryTone {
  if (w.lostIncrements > 0 || w.duplicateOf !== null) return "danger";
  if (!w.accepted && w.stale) return "safe";
  return w.stale && w.applied ? "danger" : "plain";
}

/**
 * One sentence for a write: what was written, with which token, and what storage did and why.
 * `first` is the write storage had already applied for the same job or run, when this one repeats it.
 */
function writeSentence(w: WriteFact, first: WriteFact | null): string {
  const late = w.stale ? `, after its lease had ended at ${seconds(w.stale.grantEndedAt)}` : "";
  const what =
    w.run === null
      ? `wrote ${w.value}${withToken(w.token)}`
      : `performed run ${w.run}${first !== null ? " again" : ""}${withToken(w.token)}`;
  const head = `${at(w.t)} ${w.client} ${what}${late}`;
  if (w.rejection)
    return `${head}${w.rejection.by === "fencing" && w.token === null ? " without a token" : ""}; storage ${rejectionClause(w.rejection)}.`;
  if (!w.applied)
    return `${head}; storage had already applied that ${w.run === null ? "job" : "run"} and ignored it as a repeat.`;
  if (first !== null && w.run === null) {
    return `${head}; storage accepted it, but had already applied this job's write at ${seconds(first.t)}: ${w.client}'s reply was lost and it retried, so the counter was incremented twice for one job.`;
  }
  if (first !== null)
    return `${head}; ${first.client === w.client ? "it" : first.client} had already performed it, so the effect happened twice.`;
  if (w.lostIncrements > 0) {
    const victims = w.overwrote.filter((c) => c !== w.client);
    return `${head}, computed from the ${w.readValue} it had read; storage accepted it and ${lostIncrements(victims, w.lostIncrements)}.`;
  }
  return `${head}; storage accepted it.`;
}

/** "From 5.0 s to 8.0 s c1 and c2 worked at once: c1 kept working after its lease ended." */
function concurrentSentence(c: ConcurrentFact): string {
  const who = c.pastBelief.map((p) => p.client);
  const one = who.length === 1;
  const leases = c.pastBelief.every((p) => p.reason === "lease-deadline");
  const after = leases
    ? one
      ? "its lease ended"
      : "their leases ended"
    : one
      ? "it stopped believing it held the lock"
      : "they stopped believing they held the lock";
  const when =
    seconds(c.from) === seconds(c.to) ? `At ${seconds(c.from)}` : `From ${seconds(c.from)} to ${seconds(c.to)}`;
  return `${when} ${listOf(c.clients)} worked at once: ${listOf(who)} kept working after ${after}.`;
}

/**
 * A restart in words, by what the process keeps: a client's memory is gone; Redis and Redlock
 * nodes (no persistence here) come back empty; etcd and ZooKeeper members keep their log on disk.
 */
function restartText(proc: string, serviceKind: ServiceSpec["kind"] | null): string {
  if (serviceKind === "redis" || serviceKind === "redlock") return `${proc} restarted empty: it keeps nothing on disk`;
  if (serviceKind === "etcd" || serviceKind === "zookeeper")
    return `${proc} restarted with its log on disk, so it lost nothing`;
  if (serviceKind !== null || proc === "storage") return `${proc} restarted, its data on disk intact`;
  return `${proc} restarted with empty memory`;
}

/**
 * A failover in words: `lostAfterMs` is the true time after which the primary's writes did not
 * reach the new primary; `downMs` how long after the primary died the replica was promoted.
 */
function failoverText(proc: string, t: number, lostAfterMs: number, downMs: number): string {
  if (proc !== "replica")
    return downMs > 0
      ? `${proc} failed over with no replica and came back empty, ${formatDuration(downMs)} after it died`
      : `${proc} failed over with no replica and came back empty`;
  const diedT = t - downMs;
  const lagMs = diedT - lostAfterMs;
  const missing =
    lostAfterMs <= 0
      ? `with none of its writes (replication lags ${formatDuration(lagMs)})`
      : `without its last ${formatDuration(lagMs)} of writes`;
  if (downMs > 0)
    return `the replica was promoted, ${formatDuration(downMs)} after the primary died at ${seconds(diedT)}, ${missing}; until then nobody could take the lock`;
  return `the primary died and the replica took over ${missing}`;
}
