/**
 * The story of a run: the events that matter, in order, each as a plain sentence with the true
 * time it happened, so the outcome panel can tell the run and jump the timeline to any moment.
 * Routine traffic (messages, retries after the first refusal, successful renewals) is left out;
 * the checker's overlap and token-regression violations are told in its own words.
 */
import type { SessionState, SimEvent } from "@/lib/sim/events";
import type { AbortCause, ConcurrentFact, WriteFact } from "@/lib/sim/facts";
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

const at = (t: number) => `At ${seconds(t)}`;
const withToken = (token: number | null) => (token === null ? "" : ` with token ${token}`);

/** Two aborts for the same cause read as one: the second is not told. */
const sameCause = (a: AbortCause | undefined, b: AbortCause) => a !== undefined && JSON.stringify(a) === JSON.stringify(b);

export function storyOf(result: SimResult, options: { maxLines?: number } = {}): Story {
  const maxLines = options.maxLines ?? 400;
  const events = result.events;
  const nodes = new Set(serviceNodeIds(result.scenario.service));
  const where = (proc: string) => (nodes.has(proc) ? proc : "the lock service");
  const service = result.scenario.service;
  const redlock = service.kind === "redlock" ? { nodes: service.nodes, quorum: redlockQuorum(service.nodes) } : null;

  const { facts } = result;
  const writeAt = new Map(facts.writes.map((w) => [w.seq, w]));
  const readAt = new Map(facts.reads.map((r) => [r.seq, r]));
  const abortAt = new Map(facts.aborts.map((a) => [a.seq, a]));
  const grantOf = new Map(facts.grants.map((g) => [g.grant, g]));
  let leaderSince: { t: number; proc: string } | null = null; // etcd: the last leader change

  const lines: StoryLine[] = [];
  const say = (e: SimEvent, text: string, tone: StoryTone = "plain") => lines.push({ t: e.t, seq: e.seq, text: `${text}.`, tone });
  const believing = new Map<string, number | null>(); // client → grant it believes it holds
  const working = new Set<string>();
  const refusals = new Map<string, number>();
  const holders = new Map<string, string>(); // lock → client the service granted it to
  const aborts = new Map<string, AbortCause>(); // client → why it last abandoned an attempt
  const sessionNews = new Map<string, { t: number; state: SessionState }>(); // client → the last change to its session it saw

  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    switch (e.kind) {
      case "grant":
        holders.set(e.lock, e.client);
        break;
      case "lease-end": {
        if (holders.get(e.lock) === e.client) holders.delete(e.lock);
        const phrase = leaseEndWords[e.reason].sentence;
        if (!phrase) break;
        const stillBelieves = believing.has(e.client) && believing.get(e.client) === e.grant;
        // A Redlock lease is the client's own conclusion from its nodes' keys: it ends when too few still hold one.
        const ended =
          e.proc === e.client && redlock
            ? `${e.client}'s key was left on fewer than ${redlock.quorum} of the ${redlock.nodes} nodes, so its lock no longer had a majority`
            : phrase(e.client, where(e.proc));
        // etcd: a new leader gives every lease a fresh TTL, so this one ran out about a TTL after the change.
        const granted = grantOf.get(e.grant)?.grantedAt ?? Infinity;
        const refreshed =
          service.kind === "etcd" && e.reason === "expired" && leaderSince && leaderSince.t > granted
            ? `, about a TTL after ${leaderSince.proc} became the leader (a new leader gives every lease a fresh TTL)`
            : "";
        const text = `${at(e.t)} ${ended}${withToken(e.token) ? ` (token ${e.token})` : ""}${refreshed}`;
        say(e, stillBelieves ? `${text}, but ${e.client} still believes it holds the lock` : text, stillBelieves ? "danger" : "plain");
        break;
      }
      case "refused": {
        const count = (refusals.get(e.proc) ?? 0) + 1;
        refusals.set(e.proc, count);
        // Redlock's own lesson: a majority said yes, but the acquisition outlasted the lease.
        if (e.reason === "no-validity" && e.elapsedMs !== undefined && service.kind === "redlock") {
          const longer =
            e.elapsedMs >= service.ttlMs ? `longer than its ${formatDuration(service.ttlMs)} TTL` : `too much of its ${formatDuration(service.ttlMs)} TTL`;
          say(
            e,
            `${at(e.t)} ${e.proc} gave up acquiring: a majority of nodes said OK, but getting their answers took ${formatDuration(e.elapsedMs)}, ${longer}, so no validity was left; it unlocked every node and will try again`,
            "safe",
          );
          break;
        }
        if (count > 1) break;
        const holder = holders.get(e.lock);
        const why = e.reason === "held" ? (holder && holder !== e.proc ? `${holder} holds it` : "it is held") : refusalWords[e.reason];
        say(e, `${at(e.t)} ${e.proc} asked for the lock and was refused: ${why}`);
        break;
      }
      case "belief-start": {
        believing.set(e.proc, e.grant);
        aborts.delete(e.proc);
        const refused = refusals.get(e.proc) ?? 0;
        refusals.delete(e.proc);
        const after = refused > 1 ? `, after ${refused} refusals` : e.latencyMs >= 1000 ? `, after waiting ${formatDuration(e.latencyMs)}` : "";
        if (e.grant === null) say(e, `${at(e.t)} ${e.proc} entered its critical section with no lock`);
        else say(e, `${at(e.t)} ${e.proc} took the lock${withToken(e.token)}${after}`);
        break;
      }
      case "fail-open":
        refusals.delete(e.proc);
        say(e, `${at(e.t)} ${e.proc} could not reach the lock service and went ahead without the lock (fail open)`, "danger");
        break;
      case "belief-end": {
        const grant = believing.get(e.proc);
        believing.delete(e.proc);
        // With no lock (grant null) there is nothing to release: its write already ended the section.
        if (e.reason === "released") {
          const g = grant === null || grant === undefined ? undefined : grantOf.get(grant);
          // A release the service never applied (etcd without a quorum cannot commit the delete): the lock stayed taken.
          const untilEnd = g && g.endReason !== "released" && (g.endedAt === null || g.endedAt > e.t);
          if (untilEnd) {
            const ended = g.endedAt === null ? "it outlived the run" : `it ${leaseEndWords[g.endReason!].verb} only at ${seconds(g.endedAt)}`;
            say(e, `${at(e.t)} ${e.proc} released the lock, but the lock service never applied the release: ${ended}`, "fault");
          } else if (grant !== null) say(e, `${at(e.t)} ${e.proc} released the lock`);
        } else if (e.reason === "lease-deadline") {
          const carriesOn = working.has(e.proc) ? ": it no longer believes it holds the lock, but its work carries on" : "";
          say(e, `${at(e.t)} ${e.proc}'s own timer said its lease was over${carriesOn}`);
        } else if (e.reason === "renewal-refused") say(e, `${at(e.t)} ${e.proc}'s renewal was refused, so it stopped believing it holds the lock`);
        else if (e.reason === "session-lost") {
          // The session line just before says why; "gone" is true only when the client learned it expired.
          const news = sessionNews.get(e.proc);
          const now = news?.t === e.t ? news.state : null;
          if (now === "disconnected" || now === "jeopardy")
            say(e, `${at(e.t)} ${e.proc} stopped believing it holds the lock: it cannot tell whether its session is still alive`);
          else if (now !== "stopped-leading") say(e, `${at(e.t)} ${e.proc} learned its session was gone and stopped believing it holds the lock`);
        }
        break;
      }
      case "work-start":
        working.add(e.proc);
        break;
      case "work-end":
        working.delete(e.proc);
        break;
      case "pause-start":
        say(e, `${at(e.t)} ${e.proc} froze in ${pausePhrase(e.cause, e.forMs)}`, "fault");
        break;
      case "pause-end": {
        const next = events[i + 1];
        const believes = believing.has(e.proc);
        const timerFires = next?.kind === "belief-end" && next.proc === e.proc && next.t === e.t && next.reason === "lease-deadline";
        if (timerFires) {
          believing.delete(e.proc);
          i++;
          const carriesOn = working.has(e.proc) ? ", but its work carries on" : "";
          say(
            e,
            `${at(e.t)} ${e.proc} woke from a ${formatDuration(e.pausedMs)} pause; its overdue lease timer fired at once, so it no longer believes it holds the lock${carriesOn}`,
            "fault",
          );
        } else
          say(
            e,
            `${at(e.t)} ${e.proc} woke from a ${formatDuration(e.pausedMs)} pause${believes ? ", still believing it holds the lock" : ""}`,
            believes ? "danger" : "fault",
          );
        break;
      }
      case "crash":
        believing.delete(e.proc);
        working.delete(e.proc);
        say(e, `${at(e.t)} ${e.host ? `${e.proc}'s host vanished` : `${e.proc}'s process crashed and its connections were reset`}`, "fault");
        break;
      case "restart":
        say(e, `${at(e.t)} ${restartText(e.proc, nodes.has(e.proc) ? service.kind : null)}`, "fault");
        break;
      case "clock-jump":
        say(e, `${at(e.t)} ${e.proc}'s clock jumped ${formatDuration(Math.abs(e.byMs))} ${e.byMs >= 0 ? "forward" : "back"}`, "fault");
        break;
      case "partition-start":
      case "partition-end": {
        // Cuts made at one instant from one process read as one sentence.
        const [a] = e.between;
        const others = [e.between[1]];
        while (events[i + 1]?.kind === e.kind && events[i + 1].t === e.t && (events[i + 1] as typeof e).between[0] === a) {
          others.push((events[++i] as typeof e).between[1]);
        }
        if (e.kind === "partition-start") say(e, `${at(e.t)} the network cut ${a} off from ${listOf(others)}`, "fault");
        else say(e, `${at(e.t)} the network reconnected ${a} to ${listOf(others)}`);
        break;
      }
      case "isolate-start":
        say(e, `${at(e.t)} the network cut ${e.target} off from everyone`, "fault");
        break;
      case "isolate-end":
        say(e, `${at(e.t)} ${e.target} could reach the network again`);
        break;
      case "outage-start":
        say(e, `${at(e.t)} the lock service became unreachable`, "fault");
        break;
      case "outage-end":
        say(e, `${at(e.t)} the lock service came back`);
        break;
      case "failover":
        say(e, `${at(e.t)} ${failoverText(e.proc, e.t, e.lostAfterMs, e.downMs)}`, "fault");
        break;
      case "storage-failover": {
        const writes = e.lostWrites === 1 ? "1 write" : `${e.lostWrites} writes`;
        say(
          e,
          `${at(e.t)} storage failed over to an asynchronous replica that lacks its last ${formatDuration(e.t - e.lostAfterMs)}: ${writes} and the highest fencing token it had seen since then were lost`,
          "fault",
        );
        break;
      }
      case "leader-change":
        leaderSince = { t: e.t, proc: e.proc };
        say(e, `${at(e.t)} ${e.proc} became the leader (term ${e.term})`);
        break;
      case "session": {
        if (e.proc === e.client) sessionNews.set(e.client, { t: e.t, state: e.state });
        const text = sessionWords[e.state](e.client, e.proc);
        if (text) say(e, `${at(e.t)} ${text}`, e.state === "safe" || e.state === "reconnected" ? "plain" : "fault");
        break;
      }
      case "lock-delay":
        say(e, `${at(e.t)} ${e.proc} keeps the lock from everyone until ${seconds(e.untilT)}: ${e.client} failed while holding it (lock-delay)`, "safe");
        break;
      case "check":
        if (e.ok)
          say(
            e,
            `${at(e.t)} ${e.proc} checked its lease before writing${e.remainingMs === null ? "" : `: ${formatDuration(e.remainingMs)} left by its own clock`}, so it went ahead`,
          );
        else {
          const found = e.remainingMs !== null && e.remainingMs <= 0 ? "found it over" : "found it no longer holds the lock";
          say(e, `${at(e.t)} ${e.proc} checked its lease before writing and ${found}, so it dropped the write`, "safe");
        }
        break;
      case "read": {
        const rejection = readAt.get(e.seq)?.rejection;
        if (rejection?.by === "fencing")
          say(e, `${at(e.t)} ${e.client} read with token ${e.token}; storage had already seen ${rejection.seen ?? "a higher token"} and refused it`, "safe");
        break;
      }
      case "write": {
        const w = writeAt.get(e.seq)!;
        const first = w.duplicateOf === null ? null : writeAt.get(w.duplicateOf)!;
        lines.push({ t: w.t, seq: w.seq, text: writeSentence(w, first), tone: writeTone(w) });
        break;
      }
      case "write-in-flight": {
        // A message already sent lands whatever became of its sender: the run ends before it does.
        const g = e.grant === null ? undefined : grantOf.get(e.grant);
        const stale = g?.endedAt != null ? `, after ${e.client}'s lease ended at ${seconds(g.endedAt)}` : "";
        const fate = e.rejection
          ? `, where storage would reject it (${rejectionText(e.rejection)})`
          : e.repeat
            ? ", where storage would ignore it as a repeat of its job"
            : "";
        say(
          e,
          `${at(e.t)} the run ended with ${e.client}'s write${e.token === null ? "" : ` (token ${e.token})`}, sent at ${seconds(e.sentAt)}, still in the network: it would reach storage at ${seconds(e.arrivesAt)}${stale}${fate}`,
          !stale ? "plain" : fate ? "safe" : "fault",
        );
        break;
      }
      case "run-skip":
        say(e, `${at(e.t)} ${e.proc} skipped run ${e.run}: ${e.reason}`);
        break;
      // A learner's client (lib/sim/code): its own log lines, and the error that stopped it.
      case "code-log":
        say(e, `${at(e.t)} ${e.proc} logged “${e.text}”`);
        break;
      case "code-error":
        say(e, `${at(e.t)} ${e.proc}'s code stopped with an error${e.line === null ? "" : ` at line ${e.line}`}: ${e.message}`, "fault");
        break;
      case "attempt-abort": {
        // A rejected write has its own sentence; an abandon repeated for the same reason is told once.
        const { cause } = abortAt.get(e.seq)!;
        if (cause.kind === "write-rejected" || sameCause(aborts.get(e.proc), cause)) break;
        aborts.set(e.proc, cause);
        say(e, `${at(e.t)} ${e.proc} abandoned its attempt and will start again: ${e.reason}`);
        break;
      }
    }
  }

  for (const v of result.violations) {
    if (v.kind === "overlap" || v.kind === "token-regression") lines.push({ t: v.t, seq: Number.MAX_SAFE_INTEGER, text: v.text, tone: "danger" });
  }
  // Work that went on past a belief: the overlap of beliefs does not show it, the concurrent sections do.
  for (const c of facts.concurrent) {
    if (c.pastBelief.length) lines.push({ t: c.from, seq: Number.MAX_SAFE_INTEGER, text: concurrentSentence(c), tone: "danger" });
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
  const what = w.run === null ? `wrote ${w.value}${withToken(w.token)}` : `performed run ${w.run}${first !== null ? " again" : ""}${withToken(w.token)}`;
  const head = `${at(w.t)} ${w.client} ${what}${late}`;
  if (w.rejection) return `${head}${w.rejection.by === "fencing" && w.token === null ? " without a token" : ""}; storage ${rejectionClause(w.rejection)}.`;
  if (!w.applied) return `${head}; storage had already applied that ${w.run === null ? "job" : "run"} and ignored it as a repeat.`;
  if (first !== null && w.run === null) {
    return `${head}; storage accepted it, but had already applied this job's write at ${seconds(first.t)}: ${w.client}'s reply was lost and it retried, so the counter was incremented twice for one job.`;
  }
  if (first !== null) return `${head}; ${first.client === w.client ? "it" : first.client} had already performed it, so the effect happened twice.`;
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
  const when = seconds(c.from) === seconds(c.to) ? `At ${seconds(c.from)}` : `From ${seconds(c.from)} to ${seconds(c.to)}`;
  return `${when} ${listOf(c.clients)} worked at once: ${listOf(who)} kept working after ${after}.`;
}

/**
 * A restart in words, by what the process keeps: a client's memory is gone; Redis and Redlock
 * nodes (no persistence here) come back empty; etcd and ZooKeeper members keep their log on disk.
 */
function restartText(proc: string, serviceKind: ServiceSpec["kind"] | null): string {
  if (serviceKind === "redis" || serviceKind === "redlock") return `${proc} restarted empty: it keeps nothing on disk`;
  if (serviceKind === "etcd" || serviceKind === "zookeeper") return `${proc} restarted with its log on disk, so it lost nothing`;
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
    lostAfterMs <= 0 ? `with none of its writes (replication lags ${formatDuration(lagMs)})` : `without its last ${formatDuration(lagMs)} of writes`;
  if (downMs > 0)
    return `the replica was promoted, ${formatDuration(downMs)} after the primary died at ${seconds(diedT)}, ${missing}; until then nobody could take the lock`;
  return `the primary died and the replica took over ${missing}`;
}
