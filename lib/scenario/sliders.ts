/**
 * The lab's sliders: what each one reads from a scenario, what it writes, its scale, how its value
 * is shown, and when it does not apply. Mappings:
 * - Lease TTL: the service's lease field (redis/redlock/etcd/postgres `ttlMs`, zookeeper
 *   `sessionTimeoutMs`, chubby `leaseMs`, kubernetes `leaseDurationMs` with RenewDeadline and
 *   RetryPeriod kept in proportion); 500 ms – 120 s, log.
 * - Clock skew: `clocks.skewMs`, the width of the offset spread; off, then 10 ms – 60 s, log.
 * - Clock drift: `clocks.driftPpm`, the width of the drift spread; off, then 1 – 100,000 ppm, log.
 * - Pause length: c1's first pause fault (added at 1 s if there is none; off removes it);
 *   off, then 100 ms – 120 s, log.
 * - Clients: `clients.count`, 1 to the engine's limit; an explicit start list grows or shrinks.
 * - Network latency: the upper end of `network.latencyMs`, the lower end a fifth of it (the
 *   default is 1–5 ms); 1 ms – 10 s, log.
 * - Work time: `clients.workMs`; a range keeps its proportions; off, then 10 ms – 120 s, log.
 * - Renew every: `clients.renewEveryMs`; never, then 100 ms – 60 s, log.
 * - Safety margin: `clients.safetyMarginMs`; off, then 10 ms – 60 s, log.
 */
import { LIMITS, type ResolvedScenario, type Scenario } from "@/lib/sim/scenario";
import { leaseField, leaseOf, pauseLengthOf, withClientCount, withClients, withLease, withPauseLength } from "./edits";
import { formatDuration, formatDurationRange, formatPpm } from "@/lib/sim/format";
import { linearScale, logScale, type SliderScale } from "./scales";

export type Availability = { ok: true } | { ok: false; reason: string };

/** The traffic sliders (traffic, keys, hotKey) are declared with the stream workload, in lib/scenario/trafficSliders.ts. */
export type SliderId =
  | "lease"
  | "skew"
  | "drift"
  | "pause"
  | "clients"
  | "latency"
  | "work"
  | "renew"
  | "margin"
  | "traffic"
  | "keys"
  | "hotKey";

export interface SliderSpec {
  id: SliderId;
  /** The slider's accessible name and visible label. */
  label: string;
  scale: SliderScale;
  read(input: Scenario, resolved: ResolvedScenario): number | null;
  /** The value as the slider shows it, with its unit. */
  format(value: number | null, resolved: ResolvedScenario): string;
  apply(input: Scenario, value: number | null, resolved: ResolvedScenario): Scenario;
  availability(resolved: ResolvedScenario): Availability;
  /** What the slider sets in this scenario, when that is worth saying. */
  hint?(resolved: ResolvedScenario): string | null;
}

const OK: Availability = { ok: true };
const noLock = (what: string): Availability => ({ ok: false, reason: `With no lock there is ${what}.` });
const duration = (value: number | null) => formatDuration(value ?? 0);
const off = (text: string) => (value: number | null) => (value ? formatDuration(value) : text);

/** Why a service's lease has no TTL to set, or null if it has one. */
function noTtlReason(resolved: ResolvedScenario): string | null {
  const service = resolved.service;
  if (!leaseField(service.kind)) return "With no lock there is no lease.";
  if (service.kind === "postgres" && service.mode === "advisory")
    return "An advisory lock has no TTL: it lasts as long as the database session.";
  if (service.kind === "postgres" && service.mode === "for-update")
    return "A row lock lasts until its transaction ends: there is no TTL.";
  return null;
}

/** Why clients do not renew the lease themselves with this service, or null if they do. */
function keptAliveReason(resolved: ResolvedScenario): string | null {
  const service = resolved.service;
  switch (service.kind) {
    case "none":
      return "With no lock there is nothing to renew.";
    case "etcd":
      return "etcd keeps the lease alive itself, with a KeepAlive every TTL/3.";
    case "zookeeper":
      return "ZooKeeper keeps the session alive with heartbeats every timeout/3.";
    case "chubby":
      return "Chubby extends the session lease with KeepAlives.";
    case "kubernetes":
      return "The leader renews the Lease itself every RetryPeriod.";
    case "postgres":
      return service.mode === "lock-table" ? null : (noTtlReason(resolved) ?? null);
    default:
      return null;
  }
}

const leaseHints: Partial<Record<string, string>> = {
  zookeeper: "ZooKeeper's session timeout (the server keeps it within 4–40 s).",
  chubby: "Chubby's session lease.",
  kubernetes: "LeaseDuration; RenewDeadline and RetryPeriod keep their 10 : 2 proportion to it.",
  etcd: "etcd raises a TTL below 2 s to 2 s.",
};

export const sliders: readonly SliderSpec[] = [
  {
    id: "lease",
    label: "Lease TTL",
    scale: logScale(500, 120_000, 60),
    read: (input, resolved) => leaseOf(input, resolved),
    format: duration,
    apply: (input, value) => withLease(input, value ?? 500),
    availability: (resolved) => {
      const reason = noTtlReason(resolved);
      return reason ? { ok: false, reason } : OK;
    },
    hint: (resolved) => leaseHints[resolved.service.kind] ?? null,
  },
  {
    id: "skew",
    label: "Clock skew",
    scale: logScale(10, 60_000, 40, { value: 0 }),
    read: (_input, resolved) => resolved.clocks.skewMs,
    format: off("none"),
    apply: (input, value) => ({ ...input, clocks: { ...input.clocks, skewMs: value ?? 0 } }),
    availability: () => OK,
    hint: () => "Clock offsets spread evenly over every process, from −skew/2 to +skew/2.",
  },
  {
    id: "drift",
    label: "Clock drift",
    scale: logScale(1, 100_000, 40, { value: 0 }),
    read: (_input, resolved) => resolved.clocks.driftPpm,
    format: (value) => (value ? formatPpm(value) : "none"),
    apply: (input, value) => ({ ...input, clocks: { ...input.clocks, driftPpm: value ?? 0 } }),
    availability: () => OK,
    hint: () => "Clock rates spread evenly over every process, from −drift/2 to +drift/2.",
  },
  {
    id: "pause",
    label: "Pause length",
    scale: logScale(100, 120_000, 50, { value: 0 }),
    read: (_input, resolved) => pauseLengthOf(resolved),
    format: off("no pause"),
    apply: (input, value) => withPauseLength(input, value ?? 0),
    availability: () => OK,
    hint: (resolved) => {
      const pause = resolved.faults.find((f) => f.kind === "pause" && f.target === "c1");
      if (pause?.kind !== "pause") return "Adds a GC pause to c1 at 1 s.";
      if (pause.atPhase === "before-write") return "c1's pause, just before it writes.";
      if (pause.atPhase === "holding") return "c1's pause, as soon as it holds the lock.";
      return `c1's pause at ${formatDuration(pause.atMs ?? 0)}.`;
    },
  },
  {
    id: "clients",
    label: "Clients",
    scale: linearScale(1, LIMITS.clients),
    read: (_input, resolved) => resolved.clients.count,
    format: (value) => `${value ?? 1}`,
    apply: (input, value) => withClientCount(input, value ?? 1),
    availability: () => OK,
  },
  {
    id: "latency",
    label: "Network latency",
    scale: logScale(1, 10_000, 40),
    read: (_input, resolved) => resolved.network.latencyMs[1],
    format: (value) => formatDurationRange(latencyRange(value ?? 1)),
    apply: (input, value) => ({ ...input, network: { ...input.network, latencyMs: latencyRange(value ?? 1) } }),
    availability: () => OK,
    hint: () => "Each message takes a random time in this range.",
  },
  {
    id: "work",
    label: "Work time",
    scale: logScale(10, 120_000, 50, { value: 0 }),
    read: (_input, resolved) => workRange(resolved)[1],
    format: (value, resolved) => formatDurationRange(scaledWork(resolved, value ?? 0)),
    apply: (input, value, resolved) => {
      const [lo, hi] = scaledWork(resolved, value ?? 0);
      return withClients(input, { workMs: lo === hi ? hi : [lo, hi] });
    },
    availability: () => OK,
    hint: (resolved) => (Array.isArray(resolved.clients.workMs) ? "Each job works a random time in this range." : null),
  },
  {
    id: "renew",
    label: "Renew every",
    scale: logScale(100, 60_000, 40, { value: null }),
    read: (_input, resolved) => resolved.clients.renewEveryMs,
    format: off("never"),
    apply: (input, value) => withClients(input, { renewEveryMs: value }),
    availability: (resolved) => {
      const reason = keptAliveReason(resolved);
      return reason ? { ok: false, reason } : OK;
    },
  },
  {
    id: "margin",
    label: "Safety margin",
    scale: logScale(10, 60_000, 40, { value: 0 }),
    read: (_input, resolved) => resolved.clients.safetyMarginMs,
    format: off("none"),
    apply: (input, value) => withClients(input, { safetyMarginMs: value ?? 0 }),
    availability: (resolved) => (resolved.service.kind === "none" ? noLock("no lease deadline") : OK),
    hint: (resolved) =>
      resolved.service.kind === "none" ? null : "A client gives up its belief this long before its own lease deadline.",
  },
];

/** "Network latency" v sets latencyMs to [v/5, v], the default's proportion (1–5 ms). */
export function latencyRange(upper: number): [number, number] {
  return [Math.round(upper / 5), upper];
}

function workRange(resolved: ResolvedScenario): [number, number] {
  const work = resolved.clients.workMs;
  return Array.isArray(work) ? [work[0], work[1]] : [work, work];
}

/** A new upper work time, with the lower end kept in the same proportion. */
function scaledWork(resolved: ResolvedScenario, upper: number): [number, number] {
  const [lo, hi] = workRange(resolved);
  if (lo === hi || hi === 0) return [upper, upper];
  return [Math.round((upper * lo) / hi), upper];
}

export function sliderById(id: SliderId): SliderSpec {
  const spec = sliders.find((s) => s.id === id);
  if (!spec) throw new Error(`no slider "${id}"`);
  return spec;
}
