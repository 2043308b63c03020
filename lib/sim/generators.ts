/**
 * Generated scenarios for property tests and for the hostile-input audit (scripts/audit): valid
 * ones that exercise everything the engine knows, hostile ones with fields far out of range, and
 * an independent recount of a run's summary from its event log. Never imported by the app.
 */
import fc from "fast-check";
import type { SimEvent } from "./events";
import { scenarioSchema, serviceNodeIds, type Scenario } from "./scenario";
import type { SimResult } from "./simulate";

// ---- a generator of valid scenarios: every service, guard, workload and fault the engine knows --

type Fault = NonNullable<Scenario["faults"]>[number];
type Service = Scenario["service"];

const ms = (min: number, max: number) => fc.integer({ min, max });
const range = (min: number, max: number) =>
  fc.tuple(ms(min, max), ms(min, max)).map(([a, b]): [number, number] => [Math.min(a, b), Math.max(a, b)]);

const capacity = fc.constantFrom(20, 500, 5000, 50_000);
const services: fc.Arbitrary<Service> = fc.oneof(
  fc.record({
    kind: fc.constant("redis" as const),
    ttlMs: ms(500, 15_000),
    tokens: fc.constantFrom("none" as const, "incr" as const),
    capacityOpsPerSec: capacity,
  }),
  fc.record({
    kind: fc.constant("redis" as const),
    ttlMs: ms(500, 15_000),
    tokens: fc.constant("incr" as const),
    replica: fc.record({ lagMs: ms(0, 2000) }),
    capacityOpsPerSec: capacity,
  }),
  fc.record({
    kind: fc.constant("redlock" as const),
    ttlMs: ms(500, 15_000),
    nodes: fc.constantFrom(3, 5),
    restartDelayMs: ms(0, 12_000),
    capacityOpsPerSec: capacity,
  }),
  fc.record({
    kind: fc.constant("etcd" as const),
    ttlMs: ms(2000, 10_000),
    members: fc.constantFrom(1, 3, 5),
    capacityOpsPerSec: capacity,
  }),
  fc.constant({ kind: "none" as const }),
);

/** The service's node ids, as the engine names them (its defaults filled in first). */
function nodesOf(service: Service): string[] {
  return serviceNodeIds(scenarioSchema().shape.service.parse(service));
}

/** Whether a service issues the fencing token that storage's "fencing" guard needs (scenario.ts tokenSource). */
function hasToken(service: Service): boolean {
  switch (service.kind) {
    case "etcd":
    case "zookeeper":
    case "chubby":
    case "kubernetes":
      return true;
    case "redis":
      return service.tokens === "incr";
    case "postgres":
      return service.mode === "lock-table";
    default:
      return false;
  }
}

export function faultsFor(
  service: Service,
  clients: number,
  durationMs: number,
  at = ms(0, durationMs),
): fc.Arbitrary<Fault> {
  const clientIds = Array.from({ length: clients }, (_, i) => `c${i + 1}`);
  const nodes = nodesOf(service);
  const crashable = fc.constantFrom(...clientIds, ...nodes);
  const anyProcess = fc.constantFrom(...clientIds, ...nodes, "storage");
  const pair = fc
    .shuffledSubarray([...clientIds, ...nodes, "storage"], { minLength: 2, maxLength: 2 })
    .map(([a, b]): [string, string] => [a!, b!]);
  const options: fc.Arbitrary<Fault>[] = [
    fc.record({ kind: fc.constant("pause" as const), target: anyProcess, atMs: at, forMs: ms(1, 15_000) }),
    fc.record({
      kind: fc.constant("pause" as const),
      target: fc.constantFrom(...clientIds),
      atPhase: fc.constantFrom("holding" as const, "before-write" as const),
      forMs: ms(1, 15_000),
    }),
    fc.record({
      kind: fc.constant("crash" as const),
      target: crashable,
      atMs: at,
      host: fc.boolean(),
      restartAfterMs: fc.option(ms(0, 10_000), { nil: undefined }),
    }),
    fc.record({ kind: fc.constant("clock-jump" as const), target: anyProcess, atMs: at, byMs: ms(-20_000, 20_000) }),
    fc.record({ kind: fc.constant("partition" as const), between: pair, atMs: at, forMs: ms(1, 10_000) }),
    fc.record({ kind: fc.constant("isolate" as const), target: anyProcess, atMs: at, forMs: ms(1, 10_000) }),
    fc.record({ kind: fc.constant("delay" as const), from: anyProcess, to: anyProcess, atMs: at, byMs: ms(1, 10_000) }),
  ];
  if (service.kind !== "none")
    options.push(fc.record({ kind: fc.constant("outage" as const), atMs: at, forMs: ms(1, 10_000) }));
  if (service.kind === "redis") options.push(fc.record({ kind: fc.constant("failover" as const), atMs: at }));
  return fc.oneof(...options);
}

interface Shape {
  seed: number;
  durationMs: number;
  service: Service;
  clients: number;
  cron: boolean;
}

export const shapes: fc.Arbitrary<Shape> = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
  durationMs: ms(5000, 30_000),
  service: services,
  clients: ms(1, 4),
  cron: fc.boolean(),
});

export function scenarioFor(shape: Shape): fc.Arbitrary<Scenario> {
  const { seed, durationMs, service, clients, cron } = shape;
  type Guard = "none" | "fencing" | "cas" | "idempotency";
  const guards: Guard[] = [
    "none",
    "idempotency",
    ...(cron ? [] : ["cas" as const]),
    ...(hasToken(service) ? ["fencing" as const] : []),
  ];
  return fc
    .record({
      guard: fc.constantFrom(...guards),
      fenceReads: fc.boolean(),
      workMs: fc.oneof(ms(0, 3000), range(0, 3000)),
      renewEveryMs: fc.option(ms(200, 3000), { nil: null }),
      checkBeforeWrite: fc.boolean(),
      leaseClock: fc.constantFrom("wall" as const, "monotonic" as const),
      release: fc.constantFrom("compare-and-delete" as const, "delete" as const),
      onLockUnavailable: fc.constantFrom("fail-closed" as const, "fail-open" as const),
      holdAtLeastMs: ms(0, 3000),
      jobs: ms(1, 3),
      everyMs: ms(1000, 8000),
      runs: ms(1, 4),
      latencyMs: range(0, 200),
      lossRate: fc.constantFrom(0, 0, 0.05),
      skewMs: ms(0, 5000),
      driftPpm: fc.constantFrom(0, 0, 200, 50_000),
      faults: fc.array(faultsFor(service, clients, durationMs), { maxLength: 4 }),
      chaos: fc.option(fc.record({ pauseEveryMs: ms(1000, 10_000), pauseMs: range(1, 5000) }), { nil: undefined }),
    })
    .map((o): Scenario => ({
      version: 1,
      seed,
      durationMs,
      service,
      clients: {
        count: clients,
        workMs: o.workMs,
        renewEveryMs: service.kind === "etcd" ? null : o.renewEveryMs,
        checkBeforeWrite: o.checkBeforeWrite,
        leaseClock: o.leaseClock,
        release: o.release,
        onLockUnavailable: o.onLockUnavailable,
        holdAtLeastMs: o.holdAtLeastMs,
      },
      workload: cron ? { kind: "cron", everyMs: o.everyMs, runs: o.runs } : { kind: "counter", jobsPerClient: o.jobs },
      storage: { guard: o.guard, fenceReads: o.guard === "fencing" && !cron && o.fenceReads },
      network: { latencyMs: o.latencyMs, lossRate: o.lossRate },
      clocks: { skewMs: o.skewMs, driftPpm: o.driftPpm },
      faults: o.faults,
      ...(o.chaos ? { chaos: o.chaos } : {}),
    }));
}

/** Valid scenarios: every service, guard, workload and fault the engine knows. */
export const validScenarios = shapes.chain(scenarioFor);

// ---- a wider generator: every lock service, the stream workload and the rarer options -------------

/** The services `services` leaves out: ZooKeeper, Chubby, Postgres in each mode, Kubernetes. */
const sessionServices: fc.Arbitrary<Service> = fc.oneof(
  fc.record({
    kind: fc.constant("zookeeper" as const),
    sessionTimeoutMs: ms(2000, 45_000),
    members: fc.constantFrom(1, 3, 5),
    capacityOpsPerSec: capacity,
  }),
  fc.record({
    kind: fc.constant("chubby" as const),
    leaseMs: ms(1000, 15_000),
    lockDelayMs: ms(0, 60_000),
    graceMs: ms(0, 45_000),
    capacityOpsPerSec: capacity,
  }),
  fc.record({
    kind: fc.constant("postgres" as const),
    mode: fc.constantFrom("advisory" as const, "lock-table" as const, "for-update" as const),
    ttlMs: ms(1000, 30_000),
    expiryClock: fc.constantFrom("db" as const, "client" as const),
    keepaliveMs: ms(1000, 60_000),
    capacityOpsPerSec: capacity,
  }),
  // client-go's rule, LeaseDuration > RenewDeadline > 1.2 × RetryPeriod, built in.
  fc
    .record({
      retryPeriodMs: ms(200, 3000),
      renewExtra: ms(1, 5000),
      leaseExtra: ms(1, 8000),
      capacityOpsPerSec: capacity,
    })
    .map(({ retryPeriodMs, renewExtra, leaseExtra, capacityOpsPerSec }): Service => {
      const renewDeadlineMs = Math.ceil(1.2 * retryPeriodMs) + renewExtra;
      return {
        kind: "kubernetes",
        retryPeriodMs,
        renewDeadlineMs,
        leaseDurationMs: renewDeadlineMs + leaseExtra,
        capacityOpsPerSec,
      };
    }),
);

const anyShape: fc.Arbitrary<Shape> = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
  durationMs: ms(5000, 30_000),
  service: fc.oneof(services, sessionServices),
  clients: ms(1, 4),
  cron: fc.boolean(),
});

/** A value from `arbitrary` one time in `oneIn`, otherwise undefined. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, oneIn: number) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: oneIn - 1 }, { arbitrary, weight: 1 });

/** What `scenarioFor` leaves at its default: traffic, the lost-lock policy, margins, per-process clocks, storage failover. */
function widened(base: Scenario): fc.Arbitrary<Scenario> {
  const processes = [
    ...Array.from({ length: base.clients?.count ?? 2 }, (_, i) => `c${i + 1}`),
    ...nodesOf(base.service),
    "storage",
  ];
  return fc
    .record({
      stream: sometimes(
        fc.record({
          ratePerSec: fc.constantFrom(0.5, 2, 10, 40),
          keys: ms(1, 8),
          routing: fc.constantFrom("any" as const, "owner" as const),
          hotKeyShare: fc.option(fc.constantFrom(0, 0.5, 0.9), { nil: undefined }),
        }),
        3,
      ),
      onLockLost: fc.constantFrom("carry-on" as const, "abort" as const),
      safetyMarginMs: fc.constantFrom(0, 0, 200, 1000),
      retryDelayMs: range(0, 500),
      per: fc.dictionary(
        fc.constantFrom(...processes),
        fc.record({ offsetMs: ms(-5000, 5000), driftPpm: fc.constantFrom(-50_000, 0, 300) }),
        { maxKeys: 2 },
      ),
      storageFailover: sometimes(
        fc.record({
          kind: fc.constant("storage-failover" as const),
          atMs: ms(0, base.durationMs ?? 0),
          lagMs: ms(0, 3000),
        }),
        5,
      ),
      promoteAfterMs: ms(0, 5000),
    })
    .map((o): Scenario => {
      const stream = o.stream && base.workload?.kind !== "cron";
      const faults = (base.faults ?? []).map((f) =>
        f.kind === "failover" ? { ...f, promoteAfterMs: o.promoteAfterMs } : f,
      );
      return {
        ...base,
        clients: {
          ...base.clients,
          onLockLost: o.onLockLost,
          safetyMarginMs: o.safetyMarginMs,
          retryDelayMs: o.retryDelayMs,
        },
        workload: stream && o.stream ? { kind: "stream", ...o.stream } : base.workload,
        storage: stream ? { guard: base.storage?.guard, fenceReads: false } : base.storage,
        clocks: { ...base.clocks, per: o.per },
        faults: o.storageFailover ? [...faults, o.storageFailover] : faults,
      };
    });
}

/**
 * Scenarios over every lock service, guard, workload (traffic included) and fault, with the rarer
 * client options: the frozen-summaries fixture draws its scenarios from these. Some draws break a
 * cross-field rule (validation names it); a caller keeps the valid ones.
 */
export const everyScenario = anyShape.chain(scenarioFor).chain(widened);

// ---- an independent recount of the summary from the event log ------------------------------

/** The summary's counts, recounted from the event log alone, to check the checker against. */
export function recount(result: SimResult) {
  const events = result.events;
  const durationMs = result.scenario.durationMs;
  const of = <K extends SimEvent["kind"]>(kind: K) =>
    events.filter((e): e is Extract<SimEvent, { kind: K }> => e.kind === kind);

  const grants = of("grant");
  const writes = of("write");
  const leaseEnd = new Map<number, number>();
  for (const e of of("lease-end")) if (!leaseEnd.has(e.grant)) leaseEnd.set(e.grant, e.t);
  const stale = (w: (typeof writes)[number]) =>
    w.grant !== null && leaseEnd.has(w.grant) && w.t >= leaseEnd.get(w.grant)!;

  const counterWrites = writes.filter((w) => w.applied && w.run === null);
  const counter = counterWrites.at(-1)?.value ?? 0;
  const effects = new Map<number, number>();
  for (const w of writes) if (w.applied && w.run !== null) effects.set(w.run, (effects.get(w.run) ?? 0) + 1);
  // A job or run applied more than once (a cron run done twice, a counter job retried after a lost reply).
  const applications = new Map<string, number>();
  for (const w of writes)
    if (w.applied) applications.set(w.idempotencyKey, (applications.get(w.idempotencyKey) ?? 0) + 1);
  const due = new Set(of("run-due").map((e) => e.run));

  // Beliefs as intervals per client, then the time two or more cover at once, segment by segment.
  const intervals: [number, number][] = [];
  const open = new Map<string, number>();
  for (const e of events) {
    if (e.kind === "belief-start") open.set(e.proc, e.t);
    if (e.kind === "belief-end" && open.has(e.proc)) {
      intervals.push([open.get(e.proc)!, e.t]);
      open.delete(e.proc);
    }
  }
  for (const start of open.values()) intervals.push([start, durationMs]);
  const cuts = [...new Set(intervals.flat())].sort((a, b) => a - b);
  let overlapMs = 0;
  let maxConcurrentHolders = 0;
  for (const [i, from] of cuts.entries()) {
    const to = cuts[i + 1];
    if (to === undefined) break;
    const mid = (from + to) / 2;
    const holders = intervals.filter(([s, e]) => s < mid && mid < e).length;
    if (holders >= 2) overlapMs += to - from;
    maxConcurrentHolders = Math.max(maxConcurrentHolders, holders);
  }

  // Acquire latency: from the attempt's acquire-start to the belief in a granted lock.
  const attemptStart = new Map<string, number>();
  const latencies: number[] = [];
  for (const e of events) {
    if (e.kind === "acquire-start") attemptStart.set(e.proc, e.t);
    if (e.kind === "belief-start" && e.grant !== null) latencies.push(e.t - attemptStart.get(e.proc)!);
  }
  const nearestRank = (p: number) => {
    if (!latencies.length) return 0;
    const sorted = [...latencies].sort((a, b) => a - b);
    return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
  };
  const jobsDone = of("job-done").length;

  // Every request a node takes costs it 1 / capacity seconds; the busiest node sets the figure.
  const service = result.scenario.service;
  let busiestMs = 0;
  if (service.kind !== "none") {
    for (const node of nodesOf(service)) {
      const requests = events.filter((e) => e.kind === "deliver" && e.to === node).length;
      busiestMs = Math.max(busiestMs, (requests * 1000) / service.capacityOpsPerSec);
    }
  }

  return {
    serviceUtilization: Math.min(1, busiestMs / durationMs),
    grants: new Set(grants.map((g) => g.grant)).size,
    tokens: grants.flatMap((g) => (g.token === null ? [] : [g.token])),
    writesAccepted: writes.filter((w) => w.accepted).length,
    writesRejected: writes.filter((w) => !w.accepted).length,
    staleWritesAccepted: writes.filter((w) => w.accepted && stale(w)).length,
    staleWritesRejected: writes.filter((w) => !w.accepted && stale(w)).length,
    counter,
    lostUpdates: counterWrites.length - counter,
    duplicateEffects: [...applications.values()].reduce((sum, n) => sum + n - 1, 0),
    missedRuns: [...due].filter((run) => !effects.has(run)).length,
    jobsDone,
    jobsAborted: of("attempt-abort").length,
    timeouts: of("timeout").length,
    throughputPerSec: jobsDone / (durationMs / 1000),
    overlapMs,
    maxConcurrentHolders,
    p50: nearestRank(50),
    p99: nearestRank(99),
  };
}

// ---- hostile scenarios ----------------------------------------------------------------------

const hostileNumber = fc.constantFrom(-1, 0.5, 1e9, Number.NaN, Number.POSITIVE_INFINITY, -1e12);
const hostile = fc.oneof(hostileNumber, fc.constantFrom("x", "", null, true, [], {}, [1, 2, 3]));
/** A value from `good` most of the time, otherwise something hostile. */
const field = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: good, weight: 30 }, { arbitrary: hostile, weight: 1 });
const msInt = (min: number, max: number) => field(fc.integer({ min, max }));
const pair = (min: number, max: number) =>
  field(fc.tuple(fc.integer({ min, max }), fc.integer({ min, max })).map(([a, b]) => [Math.min(a, b), Math.max(a, b)]));

const service = fc.oneof(
  fc.record(
    { kind: fc.constant("redis"), ttlMs: msInt(1, 20_000), tokens: field(fc.constantFrom("none", "incr")) },
    { requiredKeys: ["kind", "ttlMs"] },
  ),
  fc.record(
    { kind: fc.constant("redlock"), ttlMs: msInt(1, 20_000), nodes: field(fc.integer({ min: 1, max: 9 })) },
    { requiredKeys: ["kind", "ttlMs"] },
  ),
  fc.record({ kind: fc.constant("etcd"), ttlMs: msInt(1, 20_000) }),
  fc.record({ kind: fc.constant("zookeeper"), sessionTimeoutMs: msInt(1, 60_000) }),
  fc.record(
    { kind: fc.constant("chubby"), leaseMs: msInt(1, 20_000), lockDelayMs: msInt(0, 60_000) },
    { requiredKeys: ["kind"] },
  ),
  fc.record(
    {
      kind: fc.constant("kubernetes"),
      leaseDurationMs: msInt(1, 20_000),
      renewDeadlineMs: msInt(1, 20_000),
      retryPeriodMs: msInt(1, 5_000),
    },
    { requiredKeys: ["kind"] },
  ),
  fc.record({ kind: fc.constant("none") }),
  hostile,
);

const fault = fc.oneof(
  fc.record({
    kind: fc.constant("pause"),
    target: fc.constantFrom("c1", "c2", "c9", "storage"),
    atMs: msInt(0, 60_000),
    forMs: msInt(1, 30_000),
  }),
  fc.record(
    {
      kind: fc.constant("crash"),
      target: fc.constantFrom("c1", "c2", "redis"),
      atMs: msInt(0, 60_000),
      restartAfterMs: msInt(0, 10_000),
    },
    { requiredKeys: ["kind", "target", "atMs"] },
  ),
  fc.record({
    kind: fc.constant("partition"),
    between: field(fc.constant(["c1", "storage"])),
    atMs: msInt(0, 60_000),
    forMs: msInt(1, 30_000),
  }),
  fc.record({
    kind: fc.constant("delay"),
    from: fc.constantFrom("c1", "c2"),
    to: fc.constant("storage"),
    atMs: msInt(0, 60_000),
    byMs: msInt(1, 30_000),
  }),
  fc.record({
    kind: fc.constant("clock-jump"),
    target: fc.constantFrom("c1", "c2"),
    atMs: msInt(0, 60_000),
    byMs: field(fc.integer({ min: -20_000, max: 20_000 })),
  }),
  hostile,
);

/** Hostile scenarios: every field in range most of the time, at its edges or far outside it otherwise. */
export const hostileScenarios = fc.record(
  {
    version: field(fc.constant(1)),
    seed: field(fc.integer({ min: 0, max: 2 ** 32 - 1 })),
    durationMs: field(
      fc.oneof(
        { arbitrary: fc.integer({ min: 1, max: 120_000 }), weight: 4 },
        { arbitrary: fc.constant(3_600_000), weight: 1 },
      ),
    ),
    service,
    clients: fc.record(
      {
        count: field(fc.integer({ min: 1, max: 64 })),
        workMs: fc.oneof(msInt(0, 5_000), pair(0, 5_000)),
        renewEveryMs: field(fc.integer({ min: 1, max: 5_000 })),
        checkBeforeWrite: field(fc.boolean()),
      },
      { requiredKeys: [] },
    ),
    workload: fc.oneof(
      fc.record({ kind: fc.constant("counter"), jobsPerClient: field(fc.integer({ min: 1, max: 10_000 })) }),
      fc.record({
        kind: fc.constant("cron"),
        everyMs: msInt(1, 10_000),
        runs: field(fc.integer({ min: 1, max: 10_000 })),
      }),
      fc.record({ kind: fc.constant("stream"), ratePerSec: field(fc.double({ min: 0.1, max: 100_000, noNaN: true })) }),
    ),
    storage: fc.record({ guard: field(fc.constantFrom("none", "fencing", "cas", "idempotency")) }),
    network: fc.record(
      { latencyMs: pair(0, 2_000), lossRate: field(fc.double({ min: 0, max: 0.99, noNaN: true })) },
      { requiredKeys: [] },
    ),
    faults: fc.array(fault, { maxLength: 4 }),
    chaos: fc.record(
      { pauseEveryMs: field(fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.constant(1))), pauseMs: pair(1, 5_000) },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ["version", "service"] },
);
