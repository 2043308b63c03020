/**
 * The figures a content file may quote from a preset's run, named by a small selector vocabulary
 * (`:run{preset fact}`, see inlineDirectives.ts). Each selector reads the run's result — its
 * summary, violations and fact table (grants, beliefs, writes), and for sessions, pauses and
 * crashes the event log's typed records — and never re-derives what happened another way, so a
 * figure rendered from it is what the lab shows for the same preset.
 *
 * Vocabulary (words may come in any order; a client is c1, c2, …):
 *   summary.<field>              any number in the run's summary: summary.lostUpdates,
 *                                summary.grants, summary.missedRuns, summary.overlapMs, …;
 *                                summary.verdict gives "safe" or "unsafe"
 *   violations                   how many violations the checker found
 *   [first|last] [<kind>] violation [N] time | end | clients | tokens
 *                                kind: lost-update, overlap, duplicate-effect, token-regression
 *   [first|last] grant [N] [of cX]   time | end | token | client   (N counts the run's grants from 1,
 *                                in the order they were granted; the service's own grant ids are internal)
 *   [first|last] belief [N] [of cX]   start | end | token
 *   [first|last] [accepted|rejected] write [N] [of cX]   time | token | value | outcome
 *                                (outcome: "accepted" or "rejected"; N counts the writes that match)
 *   [first|last] pause [N] [of cX]    start | end | length
 *   crash of cX                  time (cX may be a service node: crash of r3)
 *   [first|last] failover [N]    time | since | lag   the lock service's replica promoted at time,
 *                                without what was written after since (lag = time − since)
 *   [first|last] storage-failover [N]   time | since | lag | lost   the same for storage, and how
 *                                many accepted writes (with their fencing marks) it lost
 *   session <state> of cX        when the service (or anyone) first put cX's session in that state
 *   session <state> seen by cX   when cX itself saw it: disconnected, expired, jeopardy, …
 * Without first/last/N the first one matches.
 */
import type { SimResult } from "../sim/simulate";
import type { ViolationKind } from "../sim/checker";
import type { SessionState, SimEvent } from "../sim/events";
import { listOf, seconds } from "../sim/format";

/** A figure as read from the run: a true time or a length in ms, a number, or words. */
export type Figure = { kind: "ms"; ms: number } | { kind: "number"; value: number } | { kind: "share"; value: number } | { kind: "text"; text: string };

/**
 * `moment`: the true time (ms) from which the run has shown the figure: a prediction held before it
 * has not shown it yet (Infinity for a figure of the whole run, known only at its end).
 */
export type FactRead = { ok: true; figure: Figure; describe: string; moment: number } | { ok: false; reason: string };

const VIOLATION_KINDS: readonly ViolationKind[] = ["lost-update", "overlap", "duplicate-effect", "token-regression"];
const SESSION_STATES: readonly SessionState[] = ["disconnected", "reconnected", "expired", "jeopardy", "safe", "stopped-leading", "connection-lost"];
const PROPS = {
  violation: ["time", "end", "clients", "tokens"],
  grant: ["time", "end", "token", "client"],
  belief: ["start", "end", "token"],
  write: ["time", "token", "value", "outcome"],
  pause: ["start", "end", "length"],
  crash: ["time"],
  failover: ["time", "since", "lag"],
  "storage-failover": ["time", "since", "lag", "lost"],
} as const;
type Thing = keyof typeof PROPS;

export const FACT_VOCABULARY =
  'summary.<field>, violations, "[first|last] [lost-update|overlap|…] violation [N] time|end|clients|tokens", "grant N time|end|token|client", ' +
  '"grant of cX …", "belief of cX start|end|token", "[accepted|rejected] write [N] [of cX] time|token|value|outcome", "pause of cX start|end|length", ' +
  '"crash of cX time", "failover time|since|lag", "storage-failover time|since|lag|lost", "session <state> of cX", "session <state> seen by cX"';

/** How a figure reads in a sentence, with the app's own formatters (so "10.0 s", as the story says). */
export function figureText(figure: Figure): string {
  // As the story words them: seconds, but a span under 0.1 s in milliseconds (never "0.0 s").
  if (figure.kind === "ms") return Math.abs(figure.ms) >= 100 ? seconds(figure.ms) : `${Math.round(figure.ms)} ms`;
  // Counts and rates read as the lab prints them: 1,526 jobs, 14.5 a second.
  if (figure.kind === "number") return figure.value.toLocaleString("en-US", { maximumFractionDigits: 1 });
  if (figure.kind === "share") return `${(figure.value * 100).toLocaleString("en-US", { maximumSignificantDigits: 2 })}%`;
  return figure.text;
}

const ms = (value: number): Figure => ({ kind: "ms", ms: value });
const num = (value: number): Figure => ({ kind: "number", value });
const text = (value: string): Figure => ({ kind: "text", text: value });
const fail = (reason: string): FactRead => ({ ok: false, reason });

interface Query {
  thing: Thing | "session";
  prop: string | null;
  index: number | null;
  last: boolean;
  client: string | null;
  seenBy: boolean;
  state: SessionState | null;
  violationKind: ViolationKind | null;
  /** Writes only: those storage accepted, or rejected. */
  accepted: boolean | null;
}

function queryParse(selector: string): Query | string {
  const words = selector.trim().toLowerCase().split(/\s+/);
  const query: Query = { thing: "violation", prop: null, index: null, last: false, client: null, seenBy: false, state: null, violationKind: null, accepted: null };
  let thing: Query["thing"] | null = null;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === "of" || (word === "seen" && words[i + 1] === "by")) {
      if (word === "seen") {
        query.seenBy = true;
        i++;
      }
      const client = words[++i];
      if (!client || !/^[a-z][a-z0-9-]*$/.test(client)) return `"${words.slice(0, i).join(" ")}" must be followed by a client or node such as c1 or r3`;
      query.client = client;
    } else if (word === "first") query.last = false;
    else if (word === "last") query.last = true;
    else if (/^\d+$/.test(word)) query.index = Number(word);
    else if (word === "session") thing = "session";
    else if (word === "accepted" || word === "rejected") query.accepted = word === "accepted";
    else if (VIOLATION_KINDS.includes(word as ViolationKind)) query.violationKind = word as ViolationKind;
    else if (Object.hasOwn(PROPS, word)) thing = word as Thing;
    else if (thing === "session" && SESSION_STATES.includes(word as SessionState)) query.state = word as SessionState;
    else if (thing && thing !== "session" && (PROPS[thing] as readonly string[]).includes(word)) query.prop = word;
    else if (thing && thing !== "session") return `"${word}" is not something a ${thing} has (a ${thing} has ${PROPS[thing].join(", ")})`;
    else if (thing === "session") return `"${word}" is not a session state (states: ${SESSION_STATES.join(", ")})`;
    else return `"${word}" is not a fact this check knows (facts: ${FACT_VOCABULARY})`;
  }
  if (!thing) return `"${selector}" names no fact (facts: ${FACT_VOCABULARY})`;
  query.thing = thing;
  if (thing === "session") {
    if (!query.state) return `a session fact names a state: "session disconnected of c1" (states: ${SESSION_STATES.join(", ")})`;
    if (!query.client) return `a session fact names its client: "session ${query.state} of c1"`;
  } else if (!query.prop) return `say which figure of the ${thing}: ${PROPS[thing].join(", ")}`;
  if (query.index !== null && query.index < 1) return "items are counted from 1";
  return query;
}

function pick<T>(items: T[], query: Query, noun: string): T | string {
  const found = query.index !== null ? items[query.index - 1] : query.last ? items[items.length - 1] : items[0];
  if (found !== undefined) return found;
  const whose = query.client ? ` of ${query.client}` : "";
  return items.length === 0 ? `the run has no ${noun}${whose}` : `the run has only ${items.length} ${noun}${items.length === 1 ? "" : "s"}${whose}`;
}

type Ev<K extends SimEvent["kind"]> = Extract<SimEvent, { kind: K }>;
const ofKind = <K extends SimEvent["kind"]>(result: SimResult, kind: K) => result.events.filter((event): event is Ev<K> => event.kind === kind);

/** Reads one figure from a run, or says why the selector names nothing in it. */
export function factRead(result: SimResult, selector: string): FactRead {
  const trimmed = selector.trim();
  if (trimmed.startsWith("summary.")) return summaryRead(result, trimmed.slice("summary.".length));
  if (trimmed === "violations") return { ok: true, figure: num(result.violations.length), describe: "violations", moment: Infinity };
  const query = queryParse(trimmed);
  if (typeof query === "string") return fail(query);
  const who = query.client ? `${query.client}'s ` : "";
  const nth = query.index !== null ? ` ${query.index}` : "";

  if (query.thing === "session") {
    const events = ofKind(result, "session").filter((e) => e.client === query.client && e.state === query.state && (!query.seenBy || e.proc === query.client));
    const event = pick(events, query, `"${query.state}" session event`);
    if (typeof event === "string") return fail(event);
    return { ok: true, figure: ms(event.t), describe: `${query.client} ${query.state}${query.seenBy ? ` (seen by ${query.client})` : ""} at`, moment: event.t };
  }
  if (query.thing === "violation") {
    const kind = query.violationKind;
    const violation = pick(kind ? result.violations.filter((v) => v.kind === kind) : result.violations, query, kind ? `${kind} violation` : "violation");
    if (typeof violation === "string") return fail(violation);
    const figure = { time: ms(violation.t), end: violation.endT === null ? null : ms(violation.endT), clients: text(listOf(violation.clients)), tokens: text(listOf(violation.tokens.map(String))) }[query.prop as (typeof PROPS.violation)[number]];
    if (!figure) return fail(`violation${nth} (${violation.kind}) has no end time`);
    // A violation is known once it has ended (its clients and tokens too).
    return { ok: true, figure, describe: `the ${violation.kind} violation's ${query.prop}:`, moment: violation.endT ?? violation.t };
  }
  if (query.thing === "grant") {
    const grants = result.facts.grants.filter((g) => !query.client || g.client === query.client);
    const grant = pick(grants, query, "grant");
    if (typeof grant === "string") return fail(grant);
    const label = `grant ${grants.indexOf(grant) + 1}${query.client ? ` of ${query.client}` : ` (to ${grant.client})`}`;
    const granted = grant.grantedAt;
    if (query.prop === "time") return { ok: true, figure: ms(granted), describe: `${label} at`, moment: granted };
    if (query.prop === "client") return { ok: true, figure: text(grant.client), describe: `${label}:`, moment: granted };
    if (query.prop === "token") return grant.token === null ? fail(`${label} carries no token`) : { ok: true, figure: num(grant.token), describe: `${label} with token`, moment: granted };
    return grant.endedAt !== null ? { ok: true, figure: ms(grant.endedAt), describe: `${label} ending (${grant.endReason}) at`, moment: grant.endedAt } : fail(`${label} outlived the run`);
  }
  if (query.thing === "belief") {
    const beliefs = result.facts.beliefs.filter((b) => !query.client || b.client === query.client);
    const belief = pick(beliefs, query, "belief");
    if (typeof belief === "string") return fail(belief);
    if (query.prop === "start") return { ok: true, figure: ms(belief.from), describe: `${belief.client}'s belief starting at`, moment: belief.from };
    if (query.prop === "token") return belief.token === null ? fail(`${belief.client}'s belief carries no token`) : { ok: true, figure: num(belief.token), describe: `${belief.client} believing with token`, moment: belief.from };
    return belief.to !== null ? { ok: true, figure: ms(belief.to), describe: `${belief.client}'s belief ending (${belief.endReason}) at`, moment: belief.to } : fail(`${belief.client}'s belief outlived the run`);
  }
  if (query.thing === "write") {
    const writes = result.facts.writes.filter((w) => (!query.client || w.client === query.client) && (query.accepted === null || w.accepted === query.accepted));
    const write = pick(writes, query, query.accepted === null ? "write" : `${query.accepted ? "accepted" : "rejected"} write`);
    if (typeof write === "string") return fail(write);
    const label = `${write.client}'s write`;
    if (query.prop === "time") return { ok: true, figure: ms(write.t), describe: `${label} reaching storage at`, moment: write.t };
    if (query.prop === "value") return { ok: true, figure: num(write.value), describe: `${label} of`, moment: write.t };
    if (query.prop === "outcome") return { ok: true, figure: text(write.accepted ? "accepted" : "rejected"), describe: `${label}`, moment: write.t };
    return write.token === null ? fail(`${label} carries no token`) : { ok: true, figure: num(write.token), describe: `${label} with token`, moment: write.t };
  }
  if (query.thing === "pause") {
    const pauses = ofKind(result, "pause-start").filter((e) => !query.client || e.proc === query.client);
    const pause = pick(pauses, query, "pause");
    if (typeof pause === "string") return fail(pause);
    if (query.prop === "start") return { ok: true, figure: ms(pause.t), describe: `${pause.proc}'s pause starting at`, moment: pause.t };
    // A pause's length is the scenario's, known from its start.
    if (query.prop === "length") return { ok: true, figure: ms(pause.forMs), describe: `${pause.proc}'s pause lasting`, moment: pause.t };
    const end = result.events.find((e): e is Ev<"pause-end"> => e.kind === "pause-end" && e.proc === pause.proc && e.seq > pause.seq);
    return end ? { ok: true, figure: ms(end.t), describe: `${pause.proc}'s pause ending at`, moment: end.t } : fail(`${pause.proc}'s pause outlived the run`);
  }
  if (query.thing === "failover" || query.thing === "storage-failover") {
    const failover = pick(ofKind(result, query.thing), query, query.thing === "failover" ? "failover of the lock service" : "storage failover");
    if (typeof failover === "string") return fail(failover);
    const what = query.thing === "failover" ? `${failover.proc}'s failover` : "storage's failover";
    const moment = failover.t;
    if (query.prop === "since") return { ok: true, figure: ms(failover.lostAfterMs), describe: `${what} losing what was written after`, moment };
    if (query.prop === "lag") return { ok: true, figure: ms(failover.t - failover.lostAfterMs), describe: `${what} losing the last`, moment };
    if (query.prop === "lost" && failover.kind === "storage-failover") return { ok: true, figure: num(failover.lostWrites), describe: `${what} losing writes:`, moment };
    return { ok: true, figure: ms(failover.t), describe: `${what} at`, moment };
  }
  const crashes = ofKind(result, "crash").filter((e) => !query.client || e.proc === query.client);
  const crash = pick(crashes, query, "crash");
  if (typeof crash === "string") return fail(crash);
  return { ok: true, figure: ms(crash.t), describe: `${who || `${crash.proc}'s `}crash at`, moment: crash.t };
}

function summaryRead(result: SimResult, field: string): FactRead {
  const summary = result.summary as unknown as Record<string, unknown>;
  const [head = "", sub] = field.split(".");
  const raw = sub === undefined ? summary[head] : (summary[head] as Record<string, unknown> | undefined)?.[sub];
  const fields = Object.keys(summary).filter((key) => key !== "tokens").join(", ");
  if (!Object.hasOwn(summary, head) || raw === undefined) return fail(`the summary has no "${field}" (fields: ${fields}; acquireLatencyMs.p50 and .p99)`);
  if (typeof raw === "string") return { ok: true, figure: text(raw), describe: `summary.${field}`, moment: Infinity };
  if (raw === null) return fail(`the run's summary.${field} is empty (nothing happened that it measures)`);
  if (typeof raw !== "number") return fail(`summary.${field} is not a single figure`);
  const isTime = /Ms$/.test(head) || head === "acquireLatencyMs";
  const figure: Figure = isTime ? ms(raw) : head === "serviceUtilization" ? { kind: "share", value: raw } : num(raw);
  return { ok: true, figure, describe: `summary.${field}`, moment: Infinity };
}

/** Counts a sentence may spell out: "Eight increments were lost". */
const ZERO_WORDS = ["none", "nothing", "no"];
const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];

/**
 * Whether an author's literal figure ("11.7 s", "about 13 s", "78", "eight") matches the run's, to the
 * precision written: "13.3 s" within 0.05 s, "13 s" within 0.5 s, "250 ms" within 0.5 ms.
 */
export function literalMatches(literal: string, figure: Figure): boolean {
  // Words match in any tense: "accepts" for the outcome "accepted".
  if (figure.kind === "text") return literal.toLowerCase().includes(figure.text.toLowerCase().replace(/ed$/, ""));
  if (figure.kind === "share") return literal.includes(figureText(figure));
  const spelled = literal.trim().toLowerCase();
  const word = ZERO_WORDS.includes(spelled) ? 0 : NUMBER_WORDS.indexOf(spelled);
  if (word >= 0) return figure.kind === "number" && figure.value === word;
  const found = /(-?\d[\d,]*(?:\.\d+)?)\s*(ms|s)?\b/.exec(literal);
  if (!found) return false;
  const [, digits = "", unit] = found;
  const value = Number(digits.replace(/,/g, ""));
  const decimals = digits.split(".")[1]?.length ?? 0;
  const half = 0.5 * 10 ** -decimals;
  if (figure.kind === "number") return unit === undefined && Math.abs(value - figure.value) <= (decimals === 0 ? 0 : half);
  if (unit === undefined) return false;
  const scale = unit === "s" ? 1000 : 1;
  return Math.abs(value * scale - figure.ms) <= half * scale + 1e-9;
}
