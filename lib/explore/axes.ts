/**
 * The failure map's axes: eight scenario parameters as data, and a pure `applyAxis` that sets one
 * of them on a scenario as written (the input form). Every other setting comes from the scenario.
 * Mappings (values are whole milliseconds of true time unless the unit says otherwise):
 * - Lease TTL: the service's lease field — redis/redlock/etcd/postgres `ttlMs`, zookeeper
 *   `sessionTimeoutMs`, chubby `leaseMs`, kubernetes `leaseDurationMs` with RenewDeadline and
 *   RetryPeriod scaled in proportion (so LeaseDuration > RenewDeadline > 1.2 × RetryPeriod keeps
 *   holding). Not applicable with no lock, a Postgres advisory lock or FOR UPDATE (no TTL).
 *   etcd raises a TTL below 2 s and ZooKeeper keeps its timeout within 4–40 s, as the real
 *   systems do, so cells beyond those bounds run the clamped value.
 * - Pause length: the scenario's first pause fault's `forMs`; with none, the upper end of the
 *   chaos pause lengths (`chaos.pauseMs`), turning chaos on (a pause every 8 s on average, the
 *   `chaos-default` rate) when it was off.
 * - Clock skew: `clocks.skewMs`; Clock drift: `clocks.driftPpm` (parts per million).
 * - Clients: `clients.count`. An explicit `startMs` list is cut to fit, or grown 100 ms apart
 *   (the lab's Clients slider does the same), so the cell at the scenario's own count is the
 *   scenario itself; faults and clock settings on clients that no longer exist are dropped.
 * - Network latency: `network.latencyMs` = [v/5, v], the default's proportion (1–5 ms), as the
 *   lab's slider sets it.
 * - Work time: `clients.workMs`; a [low, high] range is scaled so that its high end is v.
 * - Safety margin: `clients.safetyMarginMs`; not applicable where there is no lease deadline.
 */
import { clientIds, faultProcesses, LIMITS, type Scenario } from "@/lib/sim/scenario";

export type AxisId =
  | "lease-ttl"
  | "pause-length"
  | "clock-skew"
  | "clock-drift"
  | "clients"
  | "network-latency"
  | "work-time"
  | "safety-margin";

export interface Axis {
  id: AxisId;
  /** The control's accessible name and visible label. */
  label: string;
  unit: "ms" | "ppm" | "clients";
  /** The range the map offers before the user changes it, [low, high] in `unit`. */
  range: [number, number];
  scale: "linear" | "log";
  /** Values are whole multiples of this (1: whole milliseconds, whole clients, whole ppm). */
  step: number;
  /** What the axis sets, in one sentence for a tooltip. */
  description: string;
}

export type Applied = { ok: true; scenario: Scenario } | { ok: false; reason: string };
export type Availability = { ok: true } | { ok: false; reason: string };

/** The chaos rate the Pause length axis turns on when the scenario has no chaos: `chaos-default`'s. */
export const CHAOS_EVERY_MS = 8000;

export const axes: readonly Axis[] = [
  {
    id: "lease-ttl",
    label: "Lease TTL",
    unit: "ms",
    range: [1000, 60_000],
    scale: "log",
    step: 1,
    description: "The lock's lease or session length.",
  },
  {
    id: "pause-length",
    label: "Pause length",
    unit: "ms",
    range: [100, 30_000],
    scale: "log",
    step: 1,
    description: "The first pause fault's length; without one, the longest random pause (chaos is turned on).",
  },
  {
    id: "clock-skew",
    label: "Clock skew",
    unit: "ms",
    range: [10, 30_000],
    scale: "log",
    step: 1,
    description: "Clock offsets spread evenly over every process, from −skew/2 to +skew/2.",
  },
  {
    id: "clock-drift",
    label: "Clock drift",
    unit: "ppm",
    range: [1, 100_000],
    scale: "log",
    step: 1,
    description: "Clock rates spread evenly over every process, from −drift/2 to +drift/2.",
  },
  {
    id: "clients",
    label: "Clients",
    unit: "clients",
    range: [1, 20],
    scale: "linear",
    step: 1,
    description: "How many clients compete for the lock.",
  },
  {
    id: "network-latency",
    label: "Network latency",
    unit: "ms",
    range: [1, 2000],
    scale: "log",
    step: 1,
    description: "Each message takes a random time from a fifth of this value to this value.",
  },
  {
    id: "work-time",
    label: "Work time",
    unit: "ms",
    range: [100, 30_000],
    scale: "log",
    step: 1,
    description: "How long each job works while holding the lock (a range keeps its proportions).",
  },
  {
    id: "safety-margin",
    label: "Safety margin",
    unit: "ms",
    range: [0, 5000],
    scale: "linear",
    step: 1,
    description: "How long before its lease deadline a client stops believing it holds the lock.",
  },
];

const byId = new Map(axes.map((a) => [a.id, a]));

export function axisById(id: AxisId): Axis {
  const axis = byId.get(id);
  if (!axis) throw new Error(`no axis "${id}"`);
  return axis;
}

type InputService = Scenario["service"];
type Fault = NonNullable<Scenario["faults"]>[number];

/** Why a service has no lease length to set, or null if it has one. */
function noLeaseReason(service: InputService): string | null {
  if (service.kind === "none") return "With no lock there is no lease.";
  if (service.kind === "postgres" && service.mode === "advisory")
    return "An advisory lock has no TTL: it lasts as long as the database session.";
  if (service.kind === "postgres" && service.mode === "for-update")
    return "A row lock lasts until its transaction ends: there is no TTL.";
  return null;
}

/** Whether an axis applies to a scenario, and why not when it does not (for a disabled control). */
export function axisAvailability(scenario: Scenario, id: AxisId): Availability {
  if (id === "lease-ttl" || id === "safety-margin") {
    const reason = noLeaseReason(scenario.service);
    if (reason)
      return { ok: false, reason: id === "lease-ttl" ? reason : `${reason} A safety margin needs a lease deadline.` };
  }
  return { ok: true };
}

/**
 * A new scenario with the axis set to `value` (rounded to the axis's step), or the reason the axis
 * does not apply. Pure: the input scenario is not changed. The result may still fail validation
 * (a value outside the engine's limits); the map reports that per cell.
 */
export function applyAxis(scenario: Scenario, id: AxisId, value: number): Applied {
  const available = axisAvailability(scenario, id);
  if (!available.ok) return available;
  const axis = axisById(id);
  const v = Math.round(value / axis.step) * axis.step;
  return { ok: true, scenario: setters[id](scenario, v) };
}

const setters: Record<AxisId, (s: Scenario, v: number) => Scenario> = {
  "lease-ttl": (s, v) => ({ ...s, service: withLease(s.service, v) }),
  "pause-length": withPauseLength,
  "clock-skew": (s, v) => ({ ...s, clocks: { ...s.clocks, skewMs: v } }),
  "clock-drift": (s, v) => ({ ...s, clocks: { ...s.clocks, driftPpm: v } }),
  clients: withClientCount,
  "network-latency": (s, v) => ({ ...s, network: { ...s.network, latencyMs: [Math.round(v / 5), v] } }),
  "work-time": (s, v) => ({ ...s, clients: { ...s.clients, workMs: scaledWork(s.clients?.workMs, v) } }),
  "safety-margin": (s, v) => ({ ...s, clients: { ...s.clients, safetyMarginMs: v } }),
};

function withLease(service: InputService, ms: number): InputService {
  switch (service.kind) {
    case "redis":
    case "redlock":
    case "etcd":
    case "postgres":
      return { ...service, ttlMs: ms };
    case "zookeeper":
      return { ...service, sessionTimeoutMs: ms };
    case "chubby":
      return { ...service, leaseMs: ms };
    case "kubernetes": {
      // client-go's defaults (15 s : 10 s : 2 s) unless the scenario set its own proportions.
      const lease = service.leaseDurationMs ?? 15_000;
      const ratio = ms / lease;
      return {
        ...service,
        leaseDurationMs: ms,
        renewDeadlineMs: Math.max(1, Math.round((service.renewDeadlineMs ?? 10_000) * ratio)),
        retryPeriodMs: Math.max(1, Math.round((service.retryPeriodMs ?? 2_000) * ratio)),
      };
    }
    case "none":
      return service;
  }
}

function withPauseLength(s: Scenario, ms: number): Scenario {
  const faults = s.faults ?? [];
  const i = faults.findIndex((f) => f.kind === "pause");
  if (i >= 0) return { ...s, faults: faults.map((f, j) => (j === i ? ({ ...f, forMs: ms } as Fault) : f)) };
  const low = s.chaos?.pauseMs?.[0] ?? 100;
  const every = s.chaos?.pauseEveryMs || CHAOS_EVERY_MS;
  return { ...s, chaos: { ...s.chaos, pauseEveryMs: every, pauseMs: [Math.min(low, ms), ms] } };
}

function scaledWork(work: number | [number, number] | undefined, ms: number): number | [number, number] {
  if (!Array.isArray(work) || work[1] === 0) return ms;
  return [Math.round((work[0] * ms) / work[1]), ms];
}

/** Every id a scenario's clients can have, c1 first: the engine numbers them (clientIds). */
const ANY_CLIENT = new Set(clientIds(LIMITS.clients));

/** Whether an id is of a client that `count` clients leave out (c7 with 5 clients). */
function goneClients(count: number): (id: string) => boolean {
  const kept = new Set(clientIds(count));
  return (id) => ANY_CLIENT.has(id) && !kept.has(id);
}

function withClientCount(s: Scenario, count: number): Scenario {
  const startMs = s.clients?.startMs;
  const clients = { ...s.clients, count };
  if (Array.isArray(startMs)) {
    const fitted = startMs.slice(0, count);
    while (fitted.length < count) fitted.push((fitted.at(-1) ?? -100) + 100);
    clients.startMs = fitted;
  }
  const out: Scenario = { ...s, clients };
  const goneClient = goneClients(count);
  if (s.faults) out.faults = s.faults.filter((f) => !faultProcesses(f).some(goneClient));
  if (s.clocks?.per) {
    out.clocks = {
      ...s.clocks,
      per: Object.fromEntries(Object.entries(s.clocks.per).filter(([id]) => !goneClient(id))),
    };
  }
  return out;
}

/**
 * `count` values spread over [low, high] on the axis's scale, rounded to its step (log axes to two
 * significant digits, so a tooltip reads "4.7 s"), without repeats; fewer when the range holds
 * fewer distinct values (Clients 1–20 over 40 columns gives 20).
 */
export function axisValues(id: AxisId, [low, high]: [number, number], count: number): number[] {
  const axis = axisById(id);
  const snap = (v: number) => Math.max(axis.step, Math.round(v / axis.step) * axis.step);
  const values: number[] = [];
  for (let i = 0; i < count; i++) {
    const f = count === 1 ? 0 : i / (count - 1);
    let v: number;
    if (i === 0) v = low;
    else if (i === count - 1) v = high;
    else if (axis.scale === "log" && low > 0) v = snap(twoDigits(low * (high / low) ** f));
    else v = snap(low + (high - low) * f);
    if (!values.includes(v)) values.push(v);
  }
  return values;
}

function twoDigits(v: number): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(v)) - 1);
  return Math.round(v / unit) * unit;
}
