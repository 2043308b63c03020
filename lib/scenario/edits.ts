/**
 * Edits to a lab scenario, as pure functions from the scenario as written (the input form, with
 * optional fields missing) to a new one. `settle` then keeps the result valid where an edit would
 * otherwise break a cross-field rule, and says in a note what it changed and why, so a learner
 * never meets a validation error for a change the lab itself made.
 */
import {
  clientIds,
  faultProcesses,
  scenarioSchema,
  serviceNodeIds,
  tokenSource,
  type ResolvedScenario,
  type Scenario,
} from "@/lib/sim/scenario";
import { presetService, presetWorkload, serviceLabel, type InputService, type InputWorkload } from "./catalog";

export interface Edit {
  scenario: Scenario;
  /** What the lab changed besides the edit itself, and why, in a sentence each. */
  notes: string[];
}

type Fault = NonNullable<Scenario["faults"]>[number];
type Clients = NonNullable<Scenario["clients"]>;

/** The fields that hold a service's lease or session length, in the order the lab looks for them. */
const LEASE_FIELDS = ["ttlMs", "sessionTimeoutMs", "leaseMs", "leaseDurationMs"] as const;
type LeaseField = (typeof LEASE_FIELDS)[number];

/** The field of a service kind that holds its lease length, read from the schema; null if none. */
export function leaseField(kind: string): LeaseField | null {
  const option = scenarioSchema().shape.service.options.find((o) => o.shape.kind.value === kind);
  if (!option) return null;
  return LEASE_FIELDS.find((field) => field in option.shape) ?? null;
}

/** The lease length a scenario asks for (as written, before any clamp), or null if it has none. */
export function leaseOf(input: Scenario, resolved: ResolvedScenario): number | null {
  const field = leaseField(resolved.service.kind);
  if (!field) return null;
  const written = (input.service as Partial<Record<LeaseField, number>>)[field];
  return written ?? (resolved.service as Partial<Record<LeaseField, number>>)[field] ?? null;
}

/**
 * Kubernetes' three durations keep client-go's default proportions (15 s : 10 s : 2 s), so one
 * slider can set them and LeaseDuration > RenewDeadline > 1.2 × RetryPeriod always holds.
 */
function kubernetesTimes(leaseDurationMs: number) {
  return {
    leaseDurationMs,
    renewDeadlineMs: Math.max(2, Math.round((leaseDurationMs * 2) / 3)),
    retryPeriodMs: Math.max(1, Math.round((leaseDurationMs * 2) / 15)),
  };
}

export function withLease(input: Scenario, ms: number): Scenario {
  const field = leaseField(input.service.kind);
  if (!field) return input;
  const times = input.service.kind === "kubernetes" ? kubernetesTimes(ms) : { [field]: ms };
  return { ...input, service: { ...input.service, ...times } as InputService };
}

/** A service of another kind that keeps the lease length, so the comparison stays fair. */
export function withService(input: Scenario, resolved: ResolvedScenario, kind: string): Scenario {
  const lease = leaseOf(input, resolved) ?? 10_000;
  // Postgres starts as a lock table: the one mode with a TTL, so the lease slider still applies.
  const recipe: InputService =
    kind === "postgres"
      ? { kind: "postgres", mode: "lock-table" }
      : (presetService(kind) ?? ({ kind } as InputService));
  const service = { ...recipe } as InputService;
  const withItsLease = leaseField(kind) ? withLease({ ...input, service }, lease) : { ...input, service };
  return withItsLease;
}

export function withPostgresMode(input: Scenario, mode: string): Scenario {
  if (input.service.kind !== "postgres") return input;
  return { ...input, service: { ...input.service, mode: mode as "advisory" } };
}

export function withGuard(input: Scenario, guard: ResolvedScenario["storage"]["guard"]): Scenario {
  const storage = { ...input.storage, guard };
  if (guard !== "fencing") delete storage.fenceReads;
  return { ...input, storage };
}

export function withWorkload(input: Scenario, kind: string): Scenario {
  const workload: InputWorkload =
    kind === "counter" ? { kind: "counter" } : (presetWorkload(kind) ?? ({ kind } as InputWorkload));
  return { ...input, workload };
}

export function withClients(input: Scenario, patch: Partial<Clients>): Scenario {
  return { ...input, clients: { ...input.clients, ...patch } };
}

/** A client count, with an explicit start-time list grown (100 ms apart) or cut to match. */
export function withClientCount(input: Scenario, count: number): Scenario {
  const startMs = input.clients?.startMs;
  if (!Array.isArray(startMs)) return withClients(input, { count });
  const grown = [...startMs.slice(0, count)];
  while (grown.length < count) grown.push((grown.at(-1) ?? -100) + 100);
  return withClients(input, { count, startMs: grown });
}

/** The first pause fault on c1 is the one the "Pause length" slider edits. */
function firstPauseOnC1(faults: readonly Fault[]): number {
  return faults.findIndex((f) => f.kind === "pause" && f.target === "c1");
}

/** The length of c1's first pause in ms, 0 if it has none. */
export function pauseLengthOf(resolved: ResolvedScenario): number {
  const i = firstPauseOnC1(resolved.faults);
  const fault = resolved.faults[i];
  return fault?.kind === "pause" ? fault.forMs : 0;
}

/** Sets c1's first pause to `ms`; 0 removes it; with none, adds a GC pause at 1 s. */
export function withPauseLength(input: Scenario, ms: number): Scenario {
  const faults = [...(input.faults ?? [])];
  const i = firstPauseOnC1(faults);
  if (ms <= 0) {
    if (i >= 0) faults.splice(i, 1);
  } else if (i >= 0) {
    faults[i] = { ...faults[i], forMs: ms } as Fault;
  } else {
    faults.push({ kind: "pause", target: "c1", atMs: 1000, forMs: ms });
  }
  return { ...input, faults };
}

export function withSeed(input: Scenario, seed: number): Scenario {
  return { ...input, seed };
}

function describeFault(fault: Fault): string {
  const on = faultProcesses(fault);
  const names: Partial<Record<Fault["kind"], string>> = { "clock-jump": "clock jump", isolate: "isolation" };
  const name = names[fault.kind] ?? fault.kind;
  return on.length ? `the ${name} on ${on.join("–")}` : `the ${name}`;
}

/**
 * Keeps an edited scenario valid, noting each change: a fencing guard without a token source,
 * faults and clock entries on processes that no longer exist, faults the service cannot have,
 * and guards the workload cannot use.
 */
export function settle(candidate: Scenario): Edit {
  const parsed = scenarioSchema().safeParse(candidate);
  if (!parsed.success) return { scenario: candidate, notes: [] };
  const resolved = parsed.data;
  const notes: string[] = [];
  let scenario = candidate;

  if (resolved.storage.guard === "fencing") {
    const source = tokenSource(resolved.service);
    if (!source.ok && scenario.service.kind === "redis") {
      scenario = { ...scenario, service: { ...scenario.service, tokens: "incr" } };
      notes.push("Redis now hands out an INCR counter as a fencing token with each grant.");
    } else if (!source.ok) {
      scenario = withGuard(scenario, "none");
      notes.push(`Storage guard set to none: ${source.reason}.`);
    }
  }
  if (resolved.workload.kind === "cron" && (resolved.storage.guard === "cas" || resolved.storage.fenceReads)) {
    const guard = resolved.storage.guard === "cas" ? "none" : resolved.storage.guard;
    scenario = withGuard(scenario, guard);
    if (scenario.storage?.fenceReads) scenario = { ...scenario, storage: { ...scenario.storage, fenceReads: false } };
    notes.push(
      "The cron workload writes without reading, so it cannot compare versions or fence reads: that guard is off.",
    );
  }

  const processes = new Set([...clientIds(resolved.clients.count), ...serviceNodeIds(resolved.service), "storage"]);
  const kept: Fault[] = [];
  for (const fault of scenario.faults ?? []) {
    const missing = faultProcesses(fault).find((id) => !processes.has(id));
    if (missing) notes.push(`Removed ${describeFault(fault)}: this scenario has no ${missing}.`);
    else if (fault.kind === "failover" && resolved.service.kind !== "redis")
      notes.push(
        `Removed the failover: only Redis fails over to a replica here, not ${serviceLabel(resolved.service.kind)}.`,
      );
    else if (fault.kind === "outage" && resolved.service.kind === "none")
      notes.push("Removed the outage: there is no lock service to take down.");
    else kept.push(fault);
  }
  if (kept.length !== (scenario.faults ?? []).length) scenario = { ...scenario, faults: kept };

  const per = scenario.clocks?.per;
  if (per) {
    const gone = Object.keys(per).filter((id) => !processes.has(id));
    if (gone.length) {
      const rest = Object.fromEntries(Object.entries(per).filter(([id]) => processes.has(id)));
      scenario = { ...scenario, clocks: { ...scenario.clocks, per: rest } };
      notes.push(
        `Removed the clock settings of ${gone.join(", ")}: ${gone.length > 1 ? "they are" : "it is"} not in this scenario.`,
      );
    }
  }
  return { scenario, notes };
}
