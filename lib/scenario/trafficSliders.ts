/**
 * The traffic controls: sliders for the stream workload's rate, keys and hot-key share, and its
 * routing. Each is declared like the lab's other sliders (lib/scenario/sliders.ts). Moving "Traffic" or
 * "Keys", or choosing a routing, on a scenario with another workload switches it to a stream (see
 * withStream); "Hot key share" needs more than one key and says so. Mappings:
 * - Traffic: `workload.ratePerSec`, 1 – 1,000 jobs/s, log, two significant digits.
 * - Keys: `workload.keys`, 1 – 1,024 in powers of two.
 * - Hot key share: `workload.hotKeyShare`; uniform (absent), then 5 % – 100 % in steps of 5 %.
 */
import { presetById } from "@/lib/scenario/presets";
import type { ResolvedScenario, Scenario } from "@/lib/sim/scenario";
import { withClientCount, withClients } from "./edits";
import type { SliderScale } from "./scales";
import type { Availability, SliderSpec } from "./sliders";
import { formatPercent, formatRate, groupDigits } from "@/lib/sim/format";

type Stream = Extract<NonNullable<Scenario["workload"]>, { kind: "stream" }>;
export type Routing = NonNullable<Stream["routing"]>;

/** The everyday traffic preset: where a scenario starts when it becomes a stream. */
const STARTER = presetById("traffic-1x")!.scenario;
const STARTER_STREAM = STARTER.workload as Stream;

/**
 * The scenario with a stream workload, `patch` applied. A scenario that was not a stream takes
 * the traffic-1x preset's stream and workers (8 workers, 50 ms of work per job), since a
 * correctness scenario's two clients with seconds of work each would drown at any rate.
 */
export function withStream(input: Scenario, patch: Partial<Omit<Stream, "kind">> = {}): Scenario {
  if (input.workload?.kind === "stream") return { ...input, workload: { ...input.workload, ...patch } };
  const workers = withClients(withClientCount(input, STARTER.clients?.count ?? 8), { workMs: STARTER.clients?.workMs });
  return { ...workers, workload: { ...STARTER_STREAM, ...patch } };
}

const streamOf = (resolved: ResolvedScenario) => (resolved.workload.kind === "stream" ? resolved.workload : null);

/**
 * Logarithmic from `min` to `max` in `steps` equal ratios, each value rounded to two significant
 * digits with decimals kept (a rate need not be whole, unlike the lab's millisecond scales).
 */
export function rateScale(min: number, max: number, steps: number): SliderScale {
  const ratio = Math.log(max / min) / steps;
  return {
    max: steps,
    toValue: (position) => Number((min * Math.exp(ratio * Math.min(steps, Math.max(0, position)))).toPrecision(2)),
    toPosition: (value) =>
      value === null ? 0 : Math.min(steps, Math.max(0, Math.round(Math.log(value / min) / ratio))),
  };
}

/** 1, 2, 4 … 2^`maxExponent`. */
export function powersOfTwoScale(maxExponent: number): SliderScale {
  return {
    max: maxExponent,
    toValue: (position) => 2 ** Math.min(maxExponent, Math.max(0, Math.round(position))),
    toPosition: (value) => Math.min(maxExponent, Math.max(0, Math.round(Math.log2(Math.max(1, value ?? 1))))),
  };
}

/** Uniform at position 0, then `step`, 2·`step` … 1 (a share of the jobs). */
export function shareScale(step: number): SliderScale {
  const max = Math.round(1 / step);
  return {
    max,
    toValue: (position) => (position <= 0 ? null : Math.min(max, Math.round(position)) / max),
    toPosition: (value) => (value === null ? 0 : Math.min(max, Math.max(1, Math.round(value * max)))),
  };
}

const OK: Availability = { ok: true };
const switches = (resolved: ResolvedScenario) =>
  streamOf(resolved) ? null : "Moving it switches the workload to a stream of jobs.";

export const trafficSliders: readonly SliderSpec[] = [
  {
    id: "traffic",
    label: "Traffic",
    scale: rateScale(1, 1000, 30),
    read: (_input, resolved) => streamOf(resolved)?.ratePerSec ?? null,
    format: (value) => (value === null ? "off" : formatRate(value)),
    apply: (input, value) => withStream(input, { ratePerSec: value ?? STARTER_STREAM.ratePerSec }),
    availability: () => OK,
    hint: (resolved) =>
      switches(resolved) ?? "Jobs arrive at random moments (Poisson), at this average rate for the whole system.",
  },
  {
    id: "keys",
    label: "Keys",
    scale: powersOfTwoScale(10),
    read: (_input, resolved) => streamOf(resolved)?.keys ?? null,
    format: (value) => (value === null ? "off" : value === 1 ? "1 key" : `${groupDigits(value)} keys`),
    apply: (input, value) => withStream(input, { keys: value ?? 1 }),
    availability: () => OK,
    hint: (resolved) => switches(resolved) ?? "Each key has its own lock and its own counter.",
  },
  {
    id: "hotKey",
    label: "Hot key share",
    scale: shareScale(0.05),
    read: (_input, resolved) => streamOf(resolved)?.hotKeyShare ?? null,
    format: (value) => (value === null ? "uniform" : `${formatPercent(value)} on key 0`),
    apply: (input, value) => {
      const next = withStream(input);
      const stream = { ...(next.workload as Stream) };
      if (value === null) delete stream.hotKeyShare;
      else stream.hotKeyShare = value;
      return { ...next, workload: stream };
    },
    availability: (resolved) => {
      const stream = streamOf(resolved);
      if (!stream)
        return { ok: false, reason: "A hot key needs a stream with more than one key: move Traffic or Keys first." };
      if (stream.keys === 1) return { ok: false, reason: "With one key every job is for key 0: raise Keys first." };
      return OK;
    },
    hint: (resolved) =>
      streamOf(resolved)?.hotKeyShare === undefined
        ? "Jobs spread evenly over the keys."
        : "The rest spread evenly over the other keys.",
  },
];

export const routingOptions: readonly { value: Routing; label: string }[] = [
  { value: "any", label: "Any idle worker" },
  { value: "owner", label: "Key owner (key k → worker k mod N)" },
];

export function routingOf(resolved: ResolvedScenario): Routing {
  return streamOf(resolved)?.routing ?? "any";
}

export function withRouting(input: Scenario, routing: Routing): Scenario {
  return withStream(input, { routing });
}

/** Why the routing is worth a word, or null. */
export function routingHint(resolved: ResolvedScenario): string | null {
  const stream = streamOf(resolved);
  if (!stream) return "Choosing one switches the workload to a stream of jobs.";
  return stream.routing === "owner"
    ? "One owner per key needs no lock at all: try it with Lock service set to No lock."
    : null;
}
