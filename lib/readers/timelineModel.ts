/**
 * What the timeline draws, derived once per run from the result: lanes, the spans on each lane,
 * the belief that outlived its real lease, the marks a learner can focus (grants, writes,
 * violations) with the names a screen reader says, decorative point marks, messages, and the
 * times the playhead can step to. Pure: the timeline component only scales and renders this.
 */
import type { ViolationKind } from "@/lib/sim/checker";
import type { SimEvent } from "@/lib/sim/events";
import type { GrantFact, WriteFact } from "@/lib/sim/facts";
import { listOf, seconds, formatDuration, sentenceCase } from "@/lib/sim/format";
import { clientIds, serviceNodeIds, type ResolvedScenario } from "@/lib/sim/scenario";
import type { SimResult } from "@/lib/sim/simulate";
import type { Span } from "@/lib/sim/spans";
import { leaseEndWords, rejectionNote } from "./phrases";
import { IntervalIndex } from "./intervals";
import { keyStopsOf } from "./keyStops";

export type LaneKind = "client" | "service" | "storage";

export interface Lane {
  id: string;
  kind: LaneKind;
  /** 1 for c1: picks the client's colour. */
  clientNumber: number | null;
}

export interface Overhang {
  lane: string;
  client: string;
  startT: number;
  endT: number;
}

export interface OverlapBand {
  clients: string[];
  startT: number;
  endT: number;
}

/**
 * A client's repeated refused attempts to take the lock, drawn as one band with a count instead
 * of the request and reply arrows of every attempt (they would form a comb that outweighs the
 * grants and writes): from its first refused attempt's request to its last refusal.
 */
export interface RefusalBand {
  client: string;
  startT: number;
  endT: number;
  /** When each refusal reached the client, in order: the count at the playhead is how many have passed. */
  times: number[];
}

/** Fewer refusals in a row than this stay drawn as arrows: one refusal is worth seeing as messages. */
export const REFUSAL_BAND_MIN = 2;

export interface GrantMark {
  kind: "grant";
  key: string;
  t: number;
  lane: string;
  client: string;
  token: number | null;
  name: string;
}

/**
 * A write's outcome as drawn: applied; rejected; stale-applied (its grant was no longer live);
 * overwrote (a live holder's write that erased an increment it had not read); a repeat.
 */
export type WriteOutcomeKind = "applied" | "rejected" | "stale-applied" | "overwrote" | "repeat";

export interface WriteMarkModel {
  kind: "write";
  key: string;
  t: number;
  client: string;
  token: number | null;
  outcome: WriteOutcomeKind;
  /** Under the mark: the reason for a rejection ("1 < 2"), else the value stored. */
  note: string;
  /** Increments (or runs) this write destroyed: drawn as damage. */
  damage: string | null;
  name: string;
}

export interface ViolationMarkModel {
  kind: "violation";
  violation: ViolationKind;
  key: string;
  t: number;
  endT: number | null;
  label: string;
  name: string;
}

export type FocusMark = GrantMark | WriteMarkModel | ViolationMarkModel;

export type PointKind =
  | "crash"
  | "restart"
  | "clock-jump"
  | "lease-end"
  | "session"
  | "check"
  | "failover"
  | "leader"
  | "read-rejected"
  | "code-log"
  | "code-error";

export interface PointMark {
  key: string;
  t: number;
  lane: string;
  kind: PointKind;
  label: string;
}

export interface Message {
  key: string;
  from: string;
  to: string;
  sendT: number;
  /** Delivery time, or the time it was dropped. */
  endT: number;
  msg: string;
  dropped: boolean;
}

/**
 * The model as plain data, so a Web Worker can build it next to a large run and hand it over:
 * arrays of records, the messages packed into typed arrays, and the stops as typed arrays (both
 * transferable without copying).
 */
export interface TimelineModelData {
  durationMs: number;
  lanes: Lane[];
  spans: Span[];
  overhangs: Overhang[];
  overlaps: OverlapBand[];
  /** Clients working on the data at once where some of them no longer believed they held the lock. */
  concurrents: OverlapBand[];
  marks: FocusMark[];
  points: PointMark[];
  refusals: RefusalBand[];
  /** Every message but those of the attempts a refusal band stands for. */
  messages: PackedMessages;
  activityEndT: number;
  /** Some client believed it held the lock with a fencing token: only then is a belief without one labelled "no token". */
  beliefTokens: boolean;
  stops: { all: Float64Array; withoutMessages: Float64Array; key: Float64Array };
}

export interface PackedMessages {
  /** Process ids, indexed by `from` and `to`. */
  procs: string[];
  /** Message names, indexed by `msg`. */
  names: string[];
  id: Float64Array;
  sendT: Float64Array;
  endT: Float64Array;
  from: Uint16Array;
  to: Uint16Array;
  msg: Uint16Array;
  dropped: Uint8Array;
}

export interface TimelineModel {
  durationMs: number;
  lanes: Lane[];
  spans: IntervalIndex<Span>;
  overhangs: IntervalIndex<Overhang>;
  overlaps: OverlapBand[];
  concurrents: OverlapBand[];
  marks: FocusMark[];
  points: IntervalIndex<PointMark>;
  refusals: IntervalIndex<RefusalBand>;
  messages: IntervalIndex<Message>;
  /**
   * When the run's activity ends: its last event other than a message, or later, the end of a
   * pause or partition that lasts past it (to the run's end, if it outlasts the run: a 59 s
   * pause is what the learner is watching, though nothing is logged while it lasts).
   */
  activityEndT: number;
  beliefTokens: boolean;
  /** Times the playhead steps to: every event, every event but messages, and the key events (keyStops.ts). */
  stops: { all: Float64Array; withoutMessages: Float64Array; key: Float64Array };
}

const MESSAGE_KINDS = new Set<SimEvent["kind"]>(["send", "deliver", "drop"]);
/** The spans of injected faults: the run's activity lasts until they end. */
const FAULT_SPANS = new Set<Span["kind"]>(["paused", "partitioned"]);

/** The run's processes as lanes, in the timeline's order: its clients (numbered from 1), the service's nodes, storage. */
export function lanesOf(s: ResolvedScenario): Lane[] {
  return [
    ...clientIds(s.clients.count).map((id, i): Lane => ({ id, kind: "client", clientNumber: i + 1 })),
    ...serviceNodeIds(s.service).map((id): Lane => ({ id, kind: "service", clientNumber: null })),
    { id: "storage", kind: "storage", clientNumber: null },
  ];
}

function stopsOf(events: readonly SimEvent[], withMessages: boolean): Float64Array {
  const times: number[] = [];
  for (const e of events) {
    if (!withMessages && MESSAGE_KINDS.has(e.kind)) continue;
    if (times.length === 0 || e.t !== times[times.length - 1]) times.push(e.t);
  }
  return Float64Array.from(times);
}

/** What the timeline draws from a run, built once per run (in the worker, for a large one). */
export function timelineModel(result: SimResult): TimelineModel {
  return timelineModelFrom(timelineModelData(result));
}

/** An index of things that each last from their `startT` to their `endT`. */
function byStartAndEnd<T extends { startT: number; endT: number }>(items: readonly T[]): IntervalIndex<T> {
  return new IntervalIndex(
    items,
    (item) => item.startT,
    (item) => item.endT,
  );
}

/** The model with its indexes, from its plain data. */
export function timelineModelFrom(data: TimelineModelData): TimelineModel {
  const m = data.messages;
  // The columns have one entry per message, and their codes index `procs` and `names`, as
  // timelineModelData wrote them: every index below is in range.
  const messages: Message[] = Array.from({ length: m.id.length }, (_, i) => ({
    key: `m${m.id[i]}`,
    from: m.procs[m.from[i]!]!,
    to: m.procs[m.to[i]!]!,
    sendT: m.sendT[i]!,
    endT: m.endT[i]!,
    msg: m.names[m.msg[i]!]!,
    dropped: m.dropped[i] === 1,
  }));
  return {
    durationMs: data.durationMs,
    lanes: data.lanes,
    spans: byStartAndEnd(data.spans),
    overhangs: byStartAndEnd(data.overhangs),
    overlaps: data.overlaps,
    concurrents: data.concurrents,
    marks: data.marks,
    points: new IntervalIndex(
      data.points,
      (p) => p.t,
      (p) => p.t,
    ),
    refusals: byStartAndEnd(data.refusals),
    messages: new IntervalIndex(
      messages,
      (msg) => msg.sendT,
      (msg) => msg.endT,
    ),
    activityEndT: data.activityEndT,
    beliefTokens: data.beliefTokens,
    stops: data.stops,
  };
}

function packMessages(messages: Message[]): PackedMessages {
  const procs: string[] = [];
  const names: string[] = [];
  const indexOf = (table: string[], value: string) => {
    let i = table.indexOf(value);
    if (i < 0) i = table.push(value) - 1;
    return i;
  };
  const n = messages.length;
  const packed: PackedMessages = {
    procs,
    names,
    id: new Float64Array(n),
    sendT: new Float64Array(n),
    endT: new Float64Array(n),
    from: new Uint16Array(n),
    to: new Uint16Array(n),
    msg: new Uint16Array(n),
    dropped: new Uint8Array(n),
  };
  messages.forEach((message, i) => {
    packed.id[i] = Number(message.key.slice(1));
    packed.sendT[i] = message.sendT;
    packed.endT[i] = message.endT;
    packed.from[i] = indexOf(procs, message.from);
    packed.to[i] = indexOf(procs, message.to);
    packed.msg[i] = indexOf(names, message.msg);
    packed.dropped[i] = message.dropped ? 1 : 0;
  });
  return packed;
}

export function timelineModelData(result: SimResult): TimelineModelData {
  const { events, scenario } = result;
  const lanes = lanesOf(result.scenario);
  const laneIds = new Set(lanes.map((l) => l.id));

  const { facts } = result;
  const grants = new Map<number, GrantFact>(facts.grants.map((g) => [g.grant, g]));
  const writeAt = new Map<number, WriteFact>(facts.writes.map((w) => [w.seq, w]));
  const readAt = new Map(facts.reads.map((r) => [r.seq, r]));

  // Belief past the real lease: from the grant's end (or the belief's start, if later) to the belief's end.
  const overhangs: Overhang[] = facts.beliefs.flatMap((b) =>
    b.outlivedGrantAt === null
      ? []
      : [
          {
            lane: b.client,
            client: b.client,
            startT: Math.max(b.from, b.outlivedGrantAt),
            endT: b.to ?? scenario.durationMs,
          },
        ],
  );

  const marks: FocusMark[] = [];
  const points: PointMark[] = [];
  const messages: Message[] = [];
  const sends = new Map<number, Extract<SimEvent, { kind: "send" }>>();
  const refusals = refusalTracker(lanes);
  let pointKey = 0;
  const point = (t: number, lane: string, kind: PointKind, label: string) => {
    if (laneIds.has(lane)) points.push({ key: `p${pointKey++}`, t, lane, kind, label });
  };

  for (const e of events) {
    refusals.see(e);
    switch (e.kind) {
      case "send":
        sends.set(e.id, e);
        break;
      case "deliver":
      case "drop": {
        const sent = sends.get(e.id);
        if (!sent) break;
        sends.delete(e.id);
        messages.push({
          key: `m${e.id}`,
          from: sent.from,
          to: sent.to,
          sendT: sent.t,
          endT: e.t,
          msg: sent.msg,
          dropped: e.kind === "drop",
        });
        break;
      }
      case "grant": {
        const g = grants.get(e.grant)!;
        const lane = laneIds.has(e.proc) ? e.proc : e.client;
        const token = e.token === null ? " (no token)" : ` with token ${e.token}`;
        const by = e.proc === e.client ? "by a majority of nodes" : `by ${e.proc}`;
        const ending =
          g.endedAt !== null && g.endReason !== null
            ? `; the lease ${leaseEndWords[g.endReason].verb} at ${seconds(g.endedAt)}`
            : "; the lease outlived the run";
        marks.push({
          kind: "grant",
          key: `g${e.grant}`,
          t: e.t,
          lane,
          client: e.client,
          token: e.token,
          name: `${e.client} granted the lock ${by}${token} at ${seconds(e.t)}${ending}`,
        });
        break;
      }
      case "lease-end":
        if (e.reason !== "released")
          point(e.t, laneIds.has(e.proc) ? e.proc : e.client, "lease-end", leaseEndWords[e.reason].label);
        break;
      case "write": {
        marks.push(writeMark(writeAt.get(e.seq)!));
        break;
      }
      case "read": {
        const rejection = readAt.get(e.seq)?.rejection;
        if (rejection) point(e.t, "storage", "read-rejected", `${e.client} read refused: ${rejectionNote(rejection)}`);
        break;
      }
      case "crash":
        point(e.t, e.proc, "crash", e.host ? "host vanished" : "crashed");
        break;
      case "restart":
        point(e.t, e.proc, "restart", "restarted");
        break;
      case "clock-jump":
        point(e.t, e.proc, "clock-jump", `clock ${e.byMs >= 0 ? "+" : "−"}${formatDuration(Math.abs(e.byMs))}`);
        break;
      case "session":
        point(e.t, e.proc === e.client || !laneIds.has(e.proc) ? e.client : e.proc, "session", e.state);
        break;
      case "check":
        point(e.t, e.proc, "check", e.ok ? "check ✓" : "check ✗");
        break;
      case "failover":
        point(e.t, e.proc, "failover", "failover");
        break;
      case "leader-change":
        point(e.t, e.proc, "leader", `leader (term ${e.term})`);
        break;
      case "code-log":
        point(e.t, e.proc, "code-log", `log: ${e.text}`);
        break;
      case "code-error":
        point(e.t, e.proc, "code-error", `error${e.line === null ? "" : ` at line ${e.line}`}: ${e.message}`);
        break;
    }
  }

  const folded = refusals.finish();

  for (const [i, v] of result.violations.entries()) {
    const label =
      v.kind === "lost-update"
        ? "lost update"
        : v.kind === "duplicate-effect"
          ? "done twice"
          : v.kind === "overlap"
            ? "overlap"
            : "token reused";
    // The name starts with the word the mark shows, so a speech user can say what they see (WCAG 2.5.3).
    const name = `${sentenceCase(label)} at ${seconds(v.t)}: ${v.text}`;
    marks.push({ kind: "violation", violation: v.kind, key: `v${i}`, t: v.t, endT: v.endT, label, name });
  }
  marks.sort((a, b) => a.t - b.t);

  const overlaps = result.violations
    .filter((v) => v.kind === "overlap")
    .map((v) => ({ clients: v.clients, startT: v.t, endT: v.endT ?? scenario.durationMs }));
  // Concurrent work that the belief overlap does not show: someone worked on past its belief.
  const concurrents = facts.concurrent
    .filter((c) => c.pastBelief.length)
    .map((c) => ({ clients: c.clients, startT: c.from, endT: c.to }));

  return {
    durationMs: scenario.durationMs,
    lanes,
    spans: result.spans,
    overhangs,
    overlaps,
    concurrents,
    marks,
    points,
    refusals: folded.bands,
    messages: packMessages(messages.filter((m) => !folded.messages.has(m.key))),
    activityEndT: result.spans.reduce(
      (last, span) => (FAULT_SPANS.has(span.kind) ? Math.max(last, span.endT) : last),
      events.reduce((last, e) => (MESSAGE_KINDS.has(e.kind) ? last : Math.max(last, e.t)), 0),
    ),
    beliefTokens: result.spans.some((span) => span.kind === "belief" && span.token !== null),
    stops: {
      all: stopsOf(events, true),
      withoutMessages: stopsOf(events, false),
      key: keyStopsOf(events, result.violations),
    },
  };
}

/**
 * Follows each client's attempts to take the lock: the messages between it and the service since
 * its last attempt ended, and the run of refusals ("held", "no quorum"…) it has met in a row. A
 * run ends when the client is granted the lock, gives up, crashes or starts another job; a run of
 * REFUSAL_BAND_MIN or more becomes a band, and its attempts' messages are folded into it.
 */
function refusalTracker(lanes: readonly Lane[]) {
  const clients = new Set(lanes.filter((l) => l.kind === "client").map((l) => l.id));
  const services = new Set(lanes.filter((l) => l.kind === "service").map((l) => l.id));
  const attempt = new Map<string, { keys: string[]; startT: number }>();
  const runs = new Map<string, { keys: string[]; startT: number; times: number[] }>();
  const bands: RefusalBand[] = [];
  const messages = new Set<string>();
  const close = (client: string) => {
    const run = runs.get(client);
    runs.delete(client);
    attempt.delete(client);
    const endT = run?.times.at(-1);
    if (!run || endT === undefined || run.times.length < REFUSAL_BAND_MIN) return;
    bands.push({ client, startT: run.startT, endT, times: run.times });
    for (const key of run.keys) messages.add(key);
  };
  return {
    see(e: SimEvent) {
      if (e.kind === "send") {
        const client =
          clients.has(e.from) && services.has(e.to) ? e.from : clients.has(e.to) && services.has(e.from) ? e.to : null;
        if (client === null) return;
        const a = attempt.get(client) ?? { keys: [], startT: e.t };
        a.keys.push(`m${e.id}`);
        attempt.set(client, a);
      } else if (e.kind === "refused" && clients.has(e.proc)) {
        const a = attempt.get(e.proc);
        const run = runs.get(e.proc) ?? { keys: [], startT: a?.startT ?? e.t, times: [] };
        if (a) run.keys.push(...a.keys);
        run.times.push(e.t);
        runs.set(e.proc, run);
        attempt.delete(e.proc);
      } else if (
        (e.kind === "grant" && clients.has(e.client)) ||
        e.kind === "acquire-start" ||
        e.kind === "attempt-abort" ||
        e.kind === "crash" ||
        e.kind === "run-skip"
      ) {
        close(e.kind === "grant" ? e.client : e.proc);
      }
    },
    finish() {
      for (const client of [...runs.keys()]) close(client);
      bands.sort((a, b) => a.startT - b.startT);
      return { bands, messages };
    },
  };
}

function writeMark(w: WriteFact): WriteMarkModel {
  const token = w.token === null ? "" : ` with token ${w.token}`;
  const what = w.run === null ? `${w.client} write${token}` : `${w.client} run ${w.run}${token}`;
  const head = `${what} at ${seconds(w.t)}`;
  const victims = w.overwrote.filter((c) => c !== w.client);
  const damage =
    w.lostIncrements > 0
      ? `${victims.length ? `${listOf(victims)}'s` : "an"} ${w.lostIncrements === 1 ? "increment" : `${w.lostIncrements} increments`} lost`
      : w.duplicateOf !== null
        ? w.run === null
          ? "job applied twice"
          : `run ${w.run} done twice`
        : null;
  const late = w.stale ? " after its lease ended" : "";
  let outcome: WriteOutcomeKind;
  let verdict: string;
  if (w.rejection) {
    outcome = "rejected";
    verdict =
      w.rejection.by === "fencing" && w.rejection.seen !== null
        ? `rejected, storage has seen ${w.rejection.seen}`
        : `rejected, ${rejectionNote(w.rejection)}`;
  } else if (!w.applied) {
    outcome = "repeat";
    verdict = "accepted as a repeat and not applied";
  } else {
    // Only a write whose grant was no longer live is stale; a live holder's write can still erase an increment.
    outcome = w.stale ? "stale-applied" : damage ? "overwrote" : "applied";
    verdict = `accepted${late}${w.run === null ? `, counter ${w.value}` : ""}${damage ? `, ${damage}` : ""}`;
  }
  const note = w.rejection
    ? rejectionNote(w.rejection)
    : !w.applied
      ? "repeat"
      : w.run === null
        ? `= ${w.value}`
        : `run ${w.run}`;
  return {
    kind: "write",
    key: `w${w.seq}`,
    t: w.t,
    client: w.client,
    token: w.token,
    outcome,
    note,
    damage,
    name: `${head}: ${verdict}`,
  };
}
