/**
 * What the topology view shows at one moment of true time t: each process's state (from the
 * result's spans), the messages on the wire (from the timeline model's messages, which pair each
 * send with its delivery or drop), and the links a partition or an isolation has cut (from the
 * event log, which names both ends of a partition; a span names only one lane).
 */
import type { SimEvent } from "@/lib/sim/events";
import type { ResolvedScenario } from "@/lib/sim/scenario";
import type { SimResult } from "@/lib/sim/simulate";
import type { Span } from "@/lib/sim/spans";
import type { TimelineModel } from "./timelineModel";
import { IntervalIndex } from "./intervals";

export type ProcessStatus = "idle" | "waiting" | "holding" | "working" | "paused" | "crashed";

export interface ProcessState {
  /** The most telling thing the process is doing: crashed, then paused, working, holding, waiting. */
  status: ProcessStatus;
  /** A client that believes it holds the lock, with its token (null when the service gives none). */
  holding: { token: number | null; pastLease: boolean } | null;
  /** The cause of a pause ("GC pause"), while paused. */
  pauseCause: string | null;
  /** Cut off from the rest, wholly or from some peers, by a partition or an isolation. */
  partitioned: boolean;
  /** A client whose session is in doubt: ZooKeeper's Disconnected, or Chubby's jeopardy. */
  sessionInDoubt: "disconnected" | "jeopardy" | null;
  /** A service node: the leases it enforces at t, by client. */
  leases: { client: string; token: number | null }[];
}

export interface MessageInFlight {
  key: string;
  from: string;
  to: string;
  msg: string;
  /** How far along it is, 0 at its send and 1 at its delivery (or drop). */
  progress: number;
  /** It will be lost: the omniscient view knows what the sender does not. */
  dropped: boolean;
}

interface Cut {
  /** Both ends of a partition; an isolation cuts every link of `a`, so `b` is null. */
  a: string;
  b: string | null;
  startT: number;
  endT: number;
}

export interface TopologyIndex {
  spans: IntervalIndex<Span>;
  /** Beliefs past the real lease (from the run's facts, via the timeline model). */
  overhangs: TimelineModel["overhangs"];
  messages: TimelineModel["messages"];
  cuts: IntervalIndex<Cut>;
}

/**
 * Builds the indexes once per result; the timeline model already holds spans and messages. A
 * large run comes back from the worker without its event log: its cuts are then read from the
 * scenario's faults, which the engine applies exactly as scheduled.
 */
export function topologyIndex(
  result: SimResult,
  model: Pick<TimelineModel, "spans" | "messages" | "overhangs">,
): TopologyIndex {
  const cuts = result.events.length
    ? cutsFromEvents(result.events, result.scenario.durationMs)
    : cutsFromFaults(result.scenario);
  return {
    spans: model.spans,
    overhangs: model.overhangs,
    messages: model.messages,
    cuts: new IntervalIndex(
      cuts,
      (c) => c.startT,
      (c) => c.endT,
    ),
  };
}

function cutsFromEvents(events: readonly SimEvent[], durationMs: number): Cut[] {
  const cuts: Cut[] = [];
  const open = new Map<string, Cut>();
  for (const e of events) {
    if (
      e.kind !== "partition-start" &&
      e.kind !== "partition-end" &&
      e.kind !== "isolate-start" &&
      e.kind !== "isolate-end"
    )
      continue;
    const [a, b] = "between" in e ? e.between : [e.target, null];
    const key = `${a}|${b}`;
    if (e.kind.endsWith("-start")) {
      open.set(key, { a, b, startT: e.t, endT: Infinity });
      continue;
    }
    const cut = open.get(key);
    if (cut) {
      cuts.push({ ...cut, endT: e.t });
      open.delete(key);
    }
  }
  for (const cut of open.values()) cuts.push({ ...cut, endT: durationMs });
  return cuts;
}

function cutsFromFaults(scenario: ResolvedScenario): Cut[] {
  return scenario.faults.flatMap((f): Cut[] => {
    if (f.kind === "partition")
      return [
        { a: f.between[0], b: f.between[1], startT: f.atMs, endT: Math.min(scenario.durationMs, f.atMs + f.forMs) },
      ];
    if (f.kind === "isolate")
      return [{ a: f.target, b: null, startT: f.atMs, endT: Math.min(scenario.durationMs, f.atMs + f.forMs) }];
    return [];
  });
}

/** Whether [startT, endT) covers t: a span is over at its end. */
const covers = (s: { startT: number; endT: number }, t: number) => s.startT <= t && t < s.endT;

export const idleProcess = (): ProcessState => ({
  status: "idle",
  holding: null,
  pauseCause: null,
  partitioned: false,
  sessionInDoubt: null,
  leases: [],
});

/** The state of every process that has a span at t; a process missing from the map is idle. */
export function processStatesAt(index: TopologyIndex, t: number): Map<string, ProcessState> {
  const states = new Map<string, ProcessState>();
  const flags = new Map<string, Set<Span["kind"]>>();
  for (const span of index.spans.query(t, t)) {
    if (!covers(span, t)) continue;
    const state = states.get(span.lane) ?? idleProcess();
    states.set(span.lane, state);
    const kinds = flags.get(span.lane) ?? new Set();
    flags.set(span.lane, kinds.add(span.kind));
    if (span.kind === "belief") state.holding = { token: span.token, pastLease: false };
    else if (span.kind === "lease") state.leases.push({ client: span.client, token: span.token });
    else if (span.kind === "paused") state.pauseCause = span.cause;
    else if (span.kind === "partitioned") state.partitioned = true;
    else if (span.kind === "session-in-doubt") state.sessionInDoubt = span.state;
  }
  for (const overhang of index.overhangs.query(t, t)) {
    const holding = states.get(overhang.lane)?.holding;
    if (holding && covers(overhang, t)) holding.pastLease = true;
  }
  for (const [lane, kinds] of flags) {
    const state = states.get(lane)!;
    state.status = kinds.has("down")
      ? "crashed"
      : kinds.has("paused")
        ? "paused"
        : kinds.has("working")
          ? "working"
          : kinds.has("belief")
            ? "holding"
            : kinds.has("waiting")
              ? "waiting"
              : "idle";
  }
  return states;
}

/** The messages sent at or before t and not yet delivered or dropped, in order of sending. */
export function messagesInFlightAt(index: TopologyIndex, t: number): MessageInFlight[] {
  return index.messages
    .query(t, t)
    .filter((m) => m.sendT <= t && t < m.endT)
    .map((m) => ({
      key: m.key,
      from: m.from,
      to: m.to,
      msg: m.msg,
      progress: m.endT > m.sendT ? (t - m.sendT) / (m.endT - m.sendT) : 1,
      dropped: m.dropped,
    }));
}

/** Whether the link between processes a and b is cut at t: built once per moment, asked per link. */
export function cutsAt(index: TopologyIndex, t: number): (a: string, b: string) => boolean {
  const active = index.cuts.query(t, t).filter((c) => covers(c, t));
  return (a, b) =>
    active.some((c) => (c.b === null ? c.a === a || c.a === b : (c.a === a && c.b === b) || (c.a === b && c.b === a)));
}

export interface LinkTraffic {
  /** Messages on the link, each with whether it travels from the client's end. */
  messages: (MessageInFlight & { outbound: boolean })[];
}

/**
 * The messages in flight grouped by the link they travel on (`nodeOf` maps a process to the node
 * that draws it, so an aggregated client's messages travel its aggregate's links). Links are
 * named client end first, as the layout names them.
 */
export function trafficByLink(
  messages: readonly MessageInFlight[],
  nodeOf: ReadonlyMap<string, string>,
  isClientNode: (id: string) => boolean,
): Map<string, LinkTraffic> {
  const byLink = new Map<string, LinkTraffic>();
  for (const m of messages) {
    const from = nodeOf.get(m.from);
    const to = nodeOf.get(m.to);
    if (!from || !to) continue;
    const outbound = isClientNode(from);
    const id = outbound ? `${from}|${to}` : `${to}|${from}`;
    const traffic = byLink.get(id) ?? { messages: [] };
    traffic.messages.push({ ...m, outbound });
    byLink.set(id, traffic);
  }
  return byLink;
}
