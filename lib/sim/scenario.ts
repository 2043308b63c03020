/**
 * The scenario contract (ARCHITECTURE.md §5): a zod schema that validates input and fills every default,
 * plus the cross-field rules a schema cannot express. Unknown fields and out-of-range values are
 * errors naming the field path; where the real system clamps a value, it is clamped with a warning.
 */
// A namespace import, unlike `import { z }`, lets esbuild leave zod's locales out of the workers' bundle (scripts/workers/build.mjs).
import * as z from "zod";
import { groupDigits } from "./format";

// zod compiles each object schema's parser with `new Function` on its first parse. A page pays
// that as it loads and gains little from it: in Node, the first validation of a preset took
// 6.7 ms with it and 3.0 ms without, and validating the 48 presets 20 times 54 ms and 50 ms.
// zod's configuration is global: this holds for every schema in the page or worker.
z.config({ jitless: true });

/**
 * What one run may ask for. `events` is the budget of every run in every mode (full or summary
 * only); `faults` bounds the fault list, as every fault is scheduled before the run starts.
 */
export const LIMITS = { clients: 64, durationMs: 3_600_000, events: 500_000, faults: 1_000 } as const;

/** The only scenario versions there are: an error about `version` names them. */
export const SCENARIO_VERSIONS = [1] as const;

/**
 * One schema per bounds, shared wherever they recur: a schema is immutable, and `.optional()` or
 * `.default()` wraps it rather than changing it. So the scenario's schema is a quarter of the
 * objects it would be: in Node, building it took 9.4 ms rather than 13.
 */
function sharedPerBounds<S>(make: (min: number, max: number) => S): (min: number, max: number) => S {
  const made = new Map<string, S>();
  return (min, max) => {
    const key = `${min} ${max}`;
    let schema = made.get(key);
    if (!schema) made.set(key, (schema = make(min, max)));
    return schema;
  };
}
const durationMs = sharedPerBounds((min, max) =>
  z.number().int("must be a whole number of milliseconds").min(min, `must be ≥ ${min}`).max(max, `must be ≤ ${max}`),
);
const ms = (min = 0, max: number = LIMITS.durationMs) => durationMs(min, max);
const range = (min = 0) =>
  z
    .tuple([ms(min), ms(min)], { error: `must be a [low, high] pair of durations in ms (${min}–${LIMITS.durationMs})` })
    .refine(([lo, hi]) => lo <= hi, "must be [low, high] with low ≤ high");
/** A fixed duration, or a [low, high] range to draw each one from. */
const msOrRange = (min = 0) =>
  z.union([ms(min), range(min)], {
    error: `must be a duration in ms, or a [min, max] pair of them (${min}–${LIMITS.durationMs})`,
  });
const whole = sharedPerBounds((min, max) =>
  z.number().int("must be a whole number").min(min, `must be ≥ ${min}`).max(max, `must be ≤ ${max}`),
);
const count = (list: unknown[]) => groupDigits(list.length);

/**
 * The scenario's schema, built by scenarioSchema() on its first use rather than as the module
 * loads: zod's objects are costly to make, and a page that loads the engine to open a run can then
 * build them in a task of their own (loadEngineInSteps) instead of in the one that evaluates it.
 */
function buildScenarioSchema() {
  const capacity = z.number().positive("must be > 0").optional();

  const redis = z.strictObject({
    kind: z.literal("redis"),
    ttlMs: ms(1),
    tokens: z.enum(["none", "incr"]).default("none"),
    replica: z.strictObject({ lagMs: ms(0) }).optional(),
    capacityOpsPerSec: capacity.default(50_000),
  });
  const redlock = z.strictObject({
    kind: z.literal("redlock"),
    ttlMs: ms(1),
    nodes: whole(1, 9).default(5),
    driftFactor: z.number().min(0, "must be ≥ 0").max(0.5, "must be ≤ 0.5").default(0.01),
    restartDelayMs: ms(0).default(0),
    capacityOpsPerSec: capacity.default(50_000),
  });
  const etcd = z.strictObject({
    kind: z.literal("etcd"),
    ttlMs: ms(1),
    members: whole(1, 7).default(3),
    electionTimeoutMs: ms(1).default(1000),
    capacityOpsPerSec: capacity.default(5_000),
  });
  const zookeeper = z.strictObject({
    kind: z.literal("zookeeper"),
    sessionTimeoutMs: ms(1),
    members: whole(1, 7).default(3),
    capacityOpsPerSec: capacity.default(10_000),
  });
  const chubby = z.strictObject({
    kind: z.literal("chubby"),
    leaseMs: ms(1).default(12_000),
    lockDelayMs: ms(0).max(60_000, "must be ≤ 60000 (Chubby bounds the lock-delay at one minute)").default(60_000),
    graceMs: ms(0).default(45_000),
    capacityOpsPerSec: capacity.default(2_000),
  });
  const postgres = z.strictObject({
    kind: z.literal("postgres"),
    mode: z.enum(["advisory", "lock-table", "for-update"]),
    ttlMs: ms(1).default(30_000),
    expiryClock: z.enum(["db", "client"]).default("db"),
    // Linux's default tcp_keepalive_time is two hours, longer than any run: a day is room enough.
    keepaliveMs: ms(1, 86_400_000).default(7_200_000),
    capacityOpsPerSec: capacity.default(5_000),
  });
  const kubernetes = z.strictObject({
    kind: z.literal("kubernetes"),
    leaseDurationMs: ms(1).default(15_000),
    renewDeadlineMs: ms(1).default(10_000),
    retryPeriodMs: ms(1).default(2_000),
    capacityOpsPerSec: capacity.default(500),
  });
  const none = z.strictObject({ kind: z.literal("none") });

  /** A clock jump or offset of either sign, at most the longest run in size. */
  const signedMs = z
    .number()
    .int("must be a whole number of milliseconds")
    .min(-LIMITS.durationMs, `must be ≥ -${LIMITS.durationMs}`)
    .max(LIMITS.durationMs, `must be ≤ ${LIMITS.durationMs}`);

  const service = z.discriminatedUnion("kind", [redis, redlock, etcd, zookeeper, chubby, postgres, kubernetes, none]);

  const fault = z.discriminatedUnion("kind", [
    z.strictObject({
      kind: z.literal("pause"),
      target: z.string(),
      atMs: ms(0).optional(),
      atPhase: z.enum(["holding", "before-write"]).optional(),
      forMs: ms(1),
    }),
    z.strictObject({
      kind: z.literal("crash"),
      target: z.string(),
      atMs: ms(0),
      host: z.boolean().default(false),
      restartAfterMs: ms(0).optional(),
    }),
    z.strictObject({ kind: z.literal("clock-jump"), target: z.string(), atMs: ms(0), byMs: signedMs }),
    z.strictObject({
      kind: z.literal("partition"),
      between: z.tuple([z.string(), z.string()], { error: 'must be a pair of process ids, such as ["c1", "redis"]' }),
      atMs: ms(0),
      forMs: ms(1),
    }),
    z.strictObject({ kind: z.literal("isolate"), target: z.string(), atMs: ms(0), forMs: ms(1) }),
    z.strictObject({ kind: z.literal("delay"), from: z.string(), to: z.string(), atMs: ms(0), byMs: ms(1) }),
    // promoteAfterMs: time from the primary dying to the replica's promotion (Sentinel's down-after-milliseconds, 30 s by default, plus its election); 0 is instant.
    z.strictObject({ kind: z.literal("failover"), atMs: ms(0), promoteAfterMs: ms(0).default(0) }),
    z.strictObject({ kind: z.literal("outage"), atMs: ms(0), forMs: ms(1) }),
    // The protected storage fails over to an asynchronous replica that lacks its last lagMs of writes (fencing's high-water mark included).
    z.strictObject({ kind: z.literal("storage-failover"), atMs: ms(0), lagMs: ms(0) }),
  ]);

  const workload = z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("counter"), jobsPerClient: whole(1, 10_000).default(1) }),
    z.strictObject({ kind: z.literal("cron"), everyMs: ms(1), runs: whole(1, 10_000).default(1) }),
    z.strictObject({
      kind: z.literal("stream"),
      ratePerSec: z.number().positive("must be > 0").max(100_000, "must be ≤ 100000"),
      keys: whole(1, 10_000).default(1),
      hotKeyShare: z.number().min(0, "must be ≥ 0").max(1, "must be ≤ 1").optional(),
      routing: z.enum(["any", "owner"]).default("any"),
    }),
  ]);

  return z.strictObject({
    version: z.literal(
      SCENARIO_VERSIONS,
      `must be ${SCENARIO_VERSIONS.join(" or ")} (the scenario versions there are: ${SCENARIO_VERSIONS.join(", ")})`,
    ),
    name: z.string().max(200, "must be at most 200 characters").optional(),
    seed: whole(0, 4294967295).default(1),
    durationMs: ms(1).max(LIMITS.durationMs, `must be ≤ ${LIMITS.durationMs}`).default(60_000),
    service,
    clients: z
      .strictObject({
        count: whole(1, LIMITS.clients).default(2),
        startMs: z
          .union(
            [
              z.array(ms(0)).max(LIMITS.clients, `must list at most ${LIMITS.clients} start times`),
              z.strictObject({ staggerMs: ms(0) }),
            ],
            {
              error: `must be a list of start times in ms, one per client, or { "staggerMs": ms } (0–${LIMITS.durationMs})`,
            },
          )
          .default({ staggerMs: 100 }),
        workMs: msOrRange(0).default(2000),
        renewEveryMs: ms(1).nullable().default(null),
        safetyMarginMs: ms(0).default(0),
        checkBeforeWrite: z.boolean().default(false),
        leaseClock: z.enum(["wall", "monotonic"]).default("wall"),
        release: z.enum(["compare-and-delete", "delete"]).default("compare-and-delete"),
        onLockUnavailable: z.enum(["fail-closed", "fail-open"]).default("fail-closed"),
        // What the application does when it stops believing it holds the lock mid-job (the library only tells).
        onLockLost: z.enum(["carry-on", "abort"]).default("carry-on"),
        retryDelayMs: range(0).default([100, 300]),
        holdAtLeastMs: ms(0).default(0),
      })
      .prefault({}),
    workload: workload.prefault({ kind: "counter" }),
    storage: z
      .strictObject({
        guard: z.enum(["none", "fencing", "cas", "idempotency"]).default("none"),
        fenceReads: z.boolean().default(false),
      })
      .prefault({}),
    network: z
      .strictObject({
        latencyMs: range(0).default([1, 5]),
        lossRate: z.number().min(0, "must be ≥ 0").max(0.99, "must be ≤ 0.99").default(0),
      })
      .prefault({}),
    clocks: z
      .strictObject({
        skewMs: ms(0).default(0),
        driftPpm: z.number().min(0, "must be ≥ 0").max(100_000, "must be ≤ 100000").default(0),
        per: z
          .record(
            z.string(),
            z.strictObject({
              offsetMs: signedMs.optional(),
              driftPpm: z.number().min(-100_000, "must be ≥ -100000").max(100_000, "must be ≤ 100000").optional(),
            }),
          )
          .default({}),
      })
      .prefault({}),
    faults: z
      .array(fault)
      .max(LIMITS.faults, {
        error: (issue) => `lists ${count(issue.input as unknown[])} faults; the limit is ${groupDigits(LIMITS.faults)}`,
      })
      .default([]),
    chaos: z
      .strictObject({
        pauseEveryMs: ms(0).default(0),
        pauseMs: range(1).default([100, 2000]),
      })
      .prefault({}),
  });
}

type ScenarioSchema = ReturnType<typeof buildScenarioSchema>;
let built: ScenarioSchema | undefined;

/** The scenario's schema (the same object every time). */
export function scenarioSchema(): ScenarioSchema {
  return (built ??= buildScenarioSchema());
}

/** A scenario as written: optional fields may be missing. */
export type Scenario = z.input<ScenarioSchema>;
/** A scenario with every default filled in: what `simulate` returns as `result.scenario`. */
export type ResolvedScenario = z.output<ScenarioSchema>;
export type ServiceSpec = ResolvedScenario["service"];
export type FaultSpec = ResolvedScenario["faults"][number];

export type Validation = { ok: true; scenario: ResolvedScenario; warnings: string[] } | { ok: false; errors: string[] };

/** The processes a fault names (none for service-wide faults such as failover and outage). */
export function faultProcesses(fault: FaultSpec | NonNullable<Scenario["faults"]>[number]): string[] {
  switch (fault.kind) {
    case "pause":
    case "crash":
    case "clock-jump":
    case "isolate":
      return [fault.target];
    case "partition":
      return [...fault.between];
    case "delay":
      return [fault.from, fault.to];
    default:
      return [];
  }
}

/** The process ids of a service's nodes, in the order the clock spread uses. */
export function serviceNodeIds(service: ServiceSpec): string[] {
  switch (service.kind) {
    case "redis":
      return service.replica ? ["redis", "replica"] : ["redis"];
    case "redlock":
      return numbered("r", service.nodes);
    case "etcd":
      return numbered("e", service.members);
    case "zookeeper":
      return numbered("z", service.members);
    case "chubby":
      return ["chubby"];
    case "postgres":
      return ["pg"];
    case "kubernetes":
      return ["k8s"];
    case "none":
      return [];
  }
}

export function clientIds(count: number): string[] {
  return numbered("c", count);
}

function numbered(prefix: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
}

/** Which token source a service offers fenced storage, or the reason it offers none. */
export function tokenSource(service: ServiceSpec): { ok: true } | { ok: false; reason: string } {
  switch (service.kind) {
    case "redis":
      return service.tokens === "incr"
        ? { ok: true }
        : { ok: false, reason: 'redis issues no fencing token unless service.tokens is "incr"' };
    case "redlock":
      return { ok: false, reason: "Redlock issues no fencing token" };
    case "etcd":
    case "zookeeper":
    case "chubby":
    case "kubernetes":
      return { ok: true };
    case "postgres":
      if (service.mode === "advisory")
        return {
          ok: false,
          reason: 'postgres advisory locks issue no fencing token (mode "lock-table" has a token column)',
        };
      if (service.mode === "for-update")
        return {
          ok: false,
          reason:
            'postgres "for-update" issues no fencing token (it needs none: the lock and the write share one transaction)',
        };
      return { ok: true };
    case "none":
      return { ok: false, reason: "with no lock service there is no fencing token" };
  }
}

/** Validates a scenario and fills its defaults. Every error names its field path; all at once. */
export function validateScenario(input: unknown): Validation {
  const parsed = scenarioSchema().safeParse(input);
  // zod's record drops a `__proto__` key as it builds the result, so the input's own keys are the ones to check.
  const perKeys = clockKeysOf(input);
  if (!parsed.success) {
    const salvaged = salvage(input);
    const crossField = salvaged ? crossFieldErrors(salvaged, perKeys) : [];
    return { ok: false, errors: capped([...new Set([...parsed.error.issues.flatMap(formatIssue), ...crossField])]) };
  }
  const scenario = parsed.data;
  const errors = [...crossFieldErrors(scenario, perKeys), ...workErrors(scenario)];
  if (errors.length) return { ok: false, errors: capped(errors) };
  return { ok: true, scenario, warnings: clampLikeTheRealSystem(scenario) };
}

/** The most problems listed one by one: past it, a count says how many more (a file of a million bad faults gave 50 MB of errors). */
export const ERRORS_LISTED = 50;

function capped(errors: string[]): string[] {
  if (errors.length <= ERRORS_LISTED) return errors;
  return [...errors.slice(0, ERRORS_LISTED), `… and ${groupDigits(errors.length - ERRORS_LISTED)} more problems`];
}

/**
 * The valid parts of an invalid scenario, each bad section replaced by its default, so the
 * cross-field rules can still report on what is there: every error at once, not in rounds.
 * Null when the service itself is unusable, since most cross-field rules depend on it.
 */
function salvage(input: unknown): ResolvedScenario | null {
  if (typeof input !== "object" || input === null) return null;
  const raw = input as Record<string, unknown>;
  const salvaged: Record<string, unknown> = { version: 1 };
  for (const [key, schema] of Object.entries(scenarioSchema().shape)) {
    if (key === "version") continue;
    const part = (schema as z.ZodType).safeParse(raw[key]);
    if (part.success) salvaged[key] = part.data;
    else if (key === "service") return null;
    else salvaged[key] = (schema as z.ZodType).safeParse(undefined).data;
  }
  return salvaged as ResolvedScenario;
}

/** What zod calls a type, in the words of an error message. */
const TYPE_WORDS: Record<string, string> = {
  number: "a number",
  int: "a whole number",
  string: "text",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  tuple: "a list",
  record: "an object keyed by process id",
};

/**
 * One issue as "path: what is accepted". zod's own wording ("Invalid input") names no expectation,
 * so every message says what would be accepted; a custom message set in the schema wins.
 */
function formatIssue(issue: z.core.$ZodIssue): string[] {
  const path = issue.path.map(String).join(".");
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => `${path ? `${path}.` : ""}${key}: unknown field`);
  }
  const where = path || "scenario";
  if (issue.code === "invalid_type" && issue.message.includes("received undefined")) return [`${where}: is required`];
  if (issue.code === "invalid_union" && "discriminator" in issue) {
    return [
      `${where}: must be one of ${(issue as { options?: unknown[] }).options?.map((o) => `"${String(o)}"`).join(", ")}`,
    ];
  }
  // zod's own messages begin "Invalid …" or "Too big/small: …"; those set in the schema do not.
  const zodsOwn = /^(Invalid|Too (big|small))/.test(issue.message);
  if (issue.code === "invalid_type" && zodsOwn) {
    return [`${where}: must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`];
  }
  if (issue.code === "invalid_value" && zodsOwn) {
    return [`${where}: must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`];
  }
  if ((issue.code === "too_big" || issue.code === "too_small") && issue.origin === "array" && zodsOwn) {
    const bound = issue.code === "too_big" ? `at most ${issue.maximum}` : `at least ${issue.minimum}`;
    return [`${where}: must have ${bound} items`];
  }
  return [`${where}: ${issue.message}`];
}

/** The keys `clocks.per` was written with, `__proto__` included, or null where it is not an object. */
function clockKeysOf(input: unknown): string[] | null {
  const clocks = typeof input === "object" && input !== null ? (input as { clocks?: unknown }).clocks : undefined;
  const per = typeof clocks === "object" && clocks !== null ? (clocks as { per?: unknown }).per : undefined;
  return typeof per === "object" && per !== null && !Array.isArray(per) ? Object.keys(per) : null;
}

/** At most this many unknown names are listed; the rest are counted. */
const NAMES_LISTED = 5;

function crossFieldErrors(s: ResolvedScenario, perKeys: string[] | null = null): string[] {
  const errors: string[] = [];
  const clients = clientIds(s.clients.count);
  const nodes = serviceNodeIds(s.service);
  const processes = new Set([...clients, ...nodes, "storage"]);
  const known = (id: string) => processes.has(id);
  const list = () => [...processes].join(", ");

  if (Array.isArray(s.clients.startMs) && s.clients.startMs.length !== s.clients.count) {
    errors.push(
      `clients.startMs: must list one start time per client (${s.clients.count}), got ${s.clients.startMs.length}`,
    );
  }
  if (s.storage.guard === "fencing") {
    const source = tokenSource(s.service);
    if (!source.ok) errors.push(`storage.guard: "fencing" needs a fencing token, and ${source.reason}`);
  }
  if (s.service.kind === "kubernetes") {
    const { leaseDurationMs, renewDeadlineMs, retryPeriodMs } = s.service;
    // client-go refuses these configurations: LeaseDuration > RenewDeadline > 1.2 × RetryPeriod.
    if (leaseDurationMs <= renewDeadlineMs) {
      errors.push(
        `service.renewDeadlineMs: must be less than service.leaseDurationMs (${leaseDurationMs}), got ${renewDeadlineMs}`,
      );
    }
    if (renewDeadlineMs <= 1.2 * retryPeriodMs) {
      errors.push(
        `service.renewDeadlineMs: must be greater than 1.2 × service.retryPeriodMs (${1.2 * retryPeriodMs}), got ${renewDeadlineMs}`,
      );
    }
  }
  if (s.storage.fenceReads && s.storage.guard !== "fencing") {
    errors.push('storage.fenceReads: only applies with storage.guard "fencing"');
  }
  if (s.workload.kind === "cron" && (s.storage.guard === "cas" || s.storage.fenceReads)) {
    errors.push(
      `storage.${s.storage.fenceReads ? "fenceReads" : "guard"}: the cron workload writes without reading, so it cannot use ${s.storage.fenceReads ? "fenced reads" : '"cas"'}`,
    );
  }
  // One line for every unknown name, however many: a link with 5,500 of them is said once, with a count.
  const unknown = (perKeys ?? Object.keys(s.clocks.per)).filter((id) => !known(id));
  if (unknown.length === 1) errors.push(`clocks.per.${unknown[0]}: unknown process (processes: ${list()})`);
  else if (unknown.length > 1) {
    const named = unknown
      .slice(0, NAMES_LISTED)
      .map((id) => JSON.stringify(id))
      .join(", ");
    const more = unknown.length > NAMES_LISTED ? ` and ${groupDigits(unknown.length - NAMES_LISTED)} more` : "";
    errors.push(
      `clocks.per: ${groupDigits(unknown.length)} unknown processes (${named}${more}); the processes are ${list()}`,
    );
  }
  s.faults.forEach((f, i) => {
    const at = `faults.${i}`;
    switch (f.kind) {
      case "pause":
        if (!known(f.target)) errors.push(`${at}.target: unknown process "${f.target}" (processes: ${list()})`);
        if (f.atMs === undefined && f.atPhase === undefined) errors.push(`${at}: needs atMs or atPhase`);
        if (f.atPhase && !clients.includes(f.target)) errors.push(`${at}.atPhase: only a client has phases`);
        break;
      case "crash":
      case "clock-jump":
      case "isolate":
        if (!known(f.target)) errors.push(`${at}.target: unknown process "${f.target}" (processes: ${list()})`);
        if (f.kind === "crash" && f.target === "storage")
          errors.push(`${at}.target: storage cannot crash in this model`);
        break;
      case "partition":
        f.between.forEach((id, j) => {
          if (!known(id)) errors.push(`${at}.between.${j}: unknown process "${id}" (processes: ${list()})`);
        });
        if (f.between[0] === f.between[1]) errors.push(`${at}.between: needs two different processes`);
        break;
      case "delay":
        if (!known(f.from)) errors.push(`${at}.from: unknown process "${f.from}" (processes: ${list()})`);
        if (!known(f.to)) errors.push(`${at}.to: unknown process "${f.to}" (processes: ${list()})`);
        break;
      case "failover":
        if (s.service.kind !== "redis") errors.push(`${at}: failover applies to the redis service only`);
        break;
      case "outage":
        if (s.service.kind === "none") errors.push(`${at}: there is no lock service to take down`);
        break;
    }
  });
  return errors;
}

/** A count of events in words: "about 230 million", "about 640,000". */
function about(n: number): string {
  if (n >= 1e6) return `about ${groupDigits(Number((n / 1e6).toPrecision(2)))} million`;
  return `about ${groupDigits(Number(n.toPrecision(2)))}`;
}

function clientRestarts(s: ResolvedScenario): number {
  return s.faults.filter((f) => f.kind === "crash" && f.restartAfterMs !== undefined && f.target.startsWith("c"))
    .length;
}

/** Cron runs put on the queue before they come due: all of a client's runs when it starts, and again when it restarts. */
export function cronRunsScheduled(s: ResolvedScenario): number {
  return s.workload.kind === "cron" ? s.workload.runs * (s.clients.count + clientRestarts(s)) : 0;
}

/**
 * Work a scenario asks for that cannot fit in one run's event budget, estimated before it runs:
 * chaos pauses alone (a start and an end each, one every pauseEveryMs plus the pause itself, on
 * every client), and cron runs, every one of which is scheduled when a client starts or restarts.
 */
function workErrors(s: ResolvedScenario): string[] {
  const errors: string[] = [];
  // Written only into a message: the first number formatted for a locale sets its formatter up,
  // about 15 ms in Node (60 ms in Chromium with the CPU 4× slower, as a phone), which every valid
  // scenario's first check would otherwise pay.
  const limit = () => groupDigits(LIMITS.events);
  const clients = s.clients.count;
  const { pauseEveryMs, pauseMs } = s.chaos;
  if (pauseEveryMs > 0) {
    const perClient = s.durationMs / (pauseEveryMs + (pauseMs[0] + pauseMs[1]) / 2);
    const events = 2 * perClient * clients;
    if (events > LIMITS.events) {
      const length = pauseMs[0] === pauseMs[1] ? `${pauseMs[0]} ms` : `${pauseMs[0]}–${pauseMs[1]} ms`;
      errors.push(
        `chaos.pauseEveryMs: a ${length} pause every ${pauseEveryMs} ms for ${groupDigits(s.durationMs / 1000)} s on ${clients} client${clients === 1 ? "" : "s"} is ${about(events)} events; the limit is ${limit()}`,
      );
    }
  }
  if (s.workload.kind === "cron") {
    const restarts = clientRestarts(s);
    const scheduled = cronRunsScheduled(s);
    if (scheduled > LIMITS.events) {
      errors.push(
        `workload.runs: ${groupDigits(s.workload.runs)} runs scheduled on each of ${clients} client${clients === 1 ? "" : "s"}${restarts ? ` and again on each of ${restarts} restarts` : ""} is ${about(scheduled)} scheduled runs; the limit is ${limit()}`,
      );
    }
  }
  return errors;
}

/** ZooKeeper's bounds on the session timeout: 2 and 20 × tickTime (2000 ms). */
const ZOOKEEPER_SESSION_BOUNDS = { minMs: 4_000, maxMs: 40_000 } as const;

/** How each service keeps its lock alive when clients need not renew it; null if they must. */
function keptAliveBy(service: ServiceSpec): string | null {
  switch (service.kind) {
    case "etcd":
      return "the session renews its lease by KeepAlive every TTL/3";
    case "zookeeper":
      return "the session stays alive by heartbeats every session timeout / 3";
    case "chubby":
      return "the session lease is extended by KeepAlive every leaseMs / 3";
    case "kubernetes":
      return "the leader renews the Lease every retryPeriodMs";
    case "postgres":
      return service.mode === "lock-table" ? null : "the lock has no TTL: it lasts as long as the database session";
    default:
      return null;
  }
}

/** Where the real system clamps a value (etcd's minimum TTL, ZooKeeper's session bounds), clamp and say so. */
function clampLikeTheRealSystem(s: ResolvedScenario): string[] {
  const warnings: string[] = [];
  if (s.service.kind === "etcd") {
    const minTtl = Math.ceil((1.5 * s.service.electionTimeoutMs) / 1000) * 1000;
    if (s.service.ttlMs < minTtl) {
      warnings.push(
        `service.ttlMs ${s.service.ttlMs} is below etcd's minimum lease TTL; raised to ${minTtl} as etcd does`,
      );
      s.service.ttlMs = minTtl;
    }
  }
  if (s.service.kind === "zookeeper") {
    const { minMs, maxMs } = ZOOKEEPER_SESSION_BOUNDS;
    const asked = s.service.sessionTimeoutMs;
    const negotiated = Math.min(maxMs, Math.max(minMs, asked));
    if (negotiated !== asked) {
      const bound =
        asked < minMs ? "below ZooKeeper's minimum (2 × tickTime)" : "above ZooKeeper's maximum (20 × tickTime)";
      warnings.push(
        `service.sessionTimeoutMs ${asked} is ${bound}; the server negotiates it to ${negotiated}, as ZooKeeper does`,
      );
      s.service.sessionTimeoutMs = negotiated;
    }
  }
  const keeper = keptAliveBy(s.service);
  if (keeper && s.clients.renewEveryMs !== null) {
    warnings.push(`clients.renewEveryMs is ignored with ${s.service.kind}: ${keeper}`);
  }
  return warnings;
}
