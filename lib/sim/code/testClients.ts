import fc from "fast-check";
import { expect } from "vitest";
import { faultProcesses, type Scenario } from "../scenario";
import { simulate, type SimResult } from "../simulate";
import type { ClientApi, ClientProgram, Step } from "./api";

/**
 * What the code clients' tests share: the job each service's built-in client does under the lock,
 * the check that a program's run is the built-in client's, and for the properties the knobs of a
 * generated scenario and the faults thrown at it. Each test names its service's nodes and adds the
 * faults only its service has.
 */

type Fault = NonNullable<Scenario["faults"]>[number];

const atMs = fc.integer({ min: 0, max: 20_000 });
const clientIds = ["c1", "c2"] as const;

/** Two clients doing two counter jobs of 3 s each over 40 s, on this service: where the examples start. */
export const twoClients = (service: Scenario["service"]): Scenario => ({
  version: 1,
  seed: 7,
  durationMs: 40_000,
  service,
  clients: { count: 2, workMs: 3_000 },
  workload: { kind: "counter", jobsPerClient: 2 },
});

/** The scenario knobs every service's test turns, spread into its own `fc.record`. */
export const knobs = {
  seed: fc.integer({ min: 0, max: 1_000 }),
  clients: fc.integer({ min: 1, max: 3 }),
  jobs: fc.integer({ min: 1, max: 3 }),
  workMs: fc.oneof(
    fc.integer({ min: 0, max: 4_000 }),
    fc.tuple(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 1_000, max: 4_000 })),
  ),
  marginMs: fc.integer({ min: 0, max: 400 }),
  leaseClock: fc.constantFrom("wall" as const, "monotonic" as const),
  lossRate: fc.constantFrom(0, 0, 0.05),
  latency: fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 20, max: 400 })),
};

/** A draw of `knobs` with its faults. */
type Drawn = { [K in keyof typeof knobs]: (typeof knobs)[K] extends fc.Arbitrary<infer T> ? T : never } & {
  faults: Fault[];
};

/**
 * The scenario a draw describes on this service, its clients given these settings too; each test
 * adds its storage guard and its service's own settings. Clients do not crash here: a restarted
 * program would number its jobs from 0 again (see `forClients`).
 */
export function scenarioOf(
  g: Drawn,
  service: Scenario["service"],
  clients: Omit<NonNullable<Scenario["clients"]>, "count"> = {},
): Scenario {
  return {
    version: 1,
    seed: g.seed,
    durationMs: 40_000,
    service,
    clients: { count: g.clients, workMs: g.workMs, safetyMarginMs: g.marginMs, leaseClock: g.leaseClock, ...clients },
    workload: { kind: "counter", jobsPerClient: g.jobs },
    network: { latencyMs: g.latency, lossRate: g.lossRate },
    faults: forClients(g.faults, g.clients),
  };
}

/** Every storage guard, and reads fenced too (where the guard is fencing), for services that issue a token. */
export const storageKnobs = {
  guard: fc.constantFrom("none" as const, "fencing" as const, "cas" as const, "idempotency" as const),
  fenceReads: fc.boolean(),
};

/** A renewal period, or none, for the services whose clients renew their lease. */
export const renewEveryMs = fc.option(fc.integer({ min: 200, max: 3_000 }), { nil: null });

/** A client paused (a GC pause, a stalled VM). */
export const pause = (): fc.Arbitrary<Fault> =>
  fc.record({
    kind: fc.constant("pause" as const),
    target: fc.constantFrom(...clientIds),
    atMs,
    forMs: fc.integer({ min: 1, max: 12_000 }),
  });

/** A client's or one of these nodes' clock jumps. */
export const clockJump = (nodes: readonly string[]): fc.Arbitrary<Fault> =>
  fc.record({
    kind: fc.constant("clock-jump" as const),
    target: fc.constantFrom(...clientIds, ...nodes),
    atMs,
    byMs: fc.integer({ min: -8_000, max: 8_000 }),
  });

/** A partition between one of these pairs, for up to `maxMs`. */
export const partition = (between: fc.Arbitrary<[string, string]>, maxMs: number): fc.Arbitrary<Fault> =>
  fc.record({ kind: fc.constant("partition" as const), between, atMs, forMs: fc.integer({ min: 1, max: maxMs }) });

/** A client's messages to one of these processes held back. */
export const delay = (to: readonly string[]): fc.Arbitrary<Fault> =>
  fc.record({
    kind: fc.constant("delay" as const),
    from: fc.constantFrom(...clientIds),
    to: fc.constantFrom(...to),
    atMs,
    byMs: fc.integer({ min: 1, max: 9_000 }),
  });

/** One of these processes cut off from every other. */
const isolate = (targets: readonly string[]): fc.Arbitrary<Fault> =>
  fc.record({
    kind: fc.constant("isolate" as const),
    target: fc.constantFrom(...targets),
    atMs,
    forMs: fc.integer({ min: 1, max: 12_000 }),
  });

/** One of these service nodes crashes and restarts within `maxRestartMs`. Clients never crash here (see `forClients`). */
export const crash = (targets: fc.Arbitrary<string>, maxRestartMs: number): fc.Arbitrary<Fault> =>
  fc.record({
    kind: fc.constant("crash" as const),
    target: targets,
    atMs,
    restartAfterMs: fc.integer({ min: 0, max: maxRestartMs }),
  });

/** Up to three faults, each of one of these kinds. */
export const faults = (...kinds: fc.Arbitrary<Fault>[]): fc.Arbitrary<Fault[]> =>
  fc.array(fc.oneof(...kinds), { maxLength: 3 });

/**
 * The faults that name only clients the scenario has. No generator here crashes a client: a
 * restarted program starts again from its first line, and its job numbers (in the idempotency key)
 * count from 0 where the built-in client's go on, so the two runs would differ.
 */
function forClients(generated: readonly Fault[], clients: number): Fault[] {
  const exists = (id: string) => !/^c\d+$/.test(id) || Number(id.slice(1)) <= clients;
  return generated.filter((f) => faultProcesses(f).every(exists));
}

/**
 * Scenarios for a replicated service (etcd's members, ZooKeeper's servers, named `first` and
 * `second` of them) with pauses, clock jumps, partitions, isolations and crashes of members (a lost
 * quorum, an election), delays and loss, under every storage guard and both lease clocks. The
 * built-in client's `checkBeforeWrite`, `onLockLost: "abort"` and `holdAtLeastMs` stay at their
 * defaults: they act on a check or a timer inside the built-in client that a program does itself,
 * with its own lines, rather than through the API (and the built-in's `check` event is its own).
 */
export function ensembleScenarios(
  service: fc.Arbitrary<Scenario["service"]>,
  [first, second]: [string, string],
): fc.Arbitrary<Scenario> {
  return fc
    .record({
      ...knobs,
      ...storageKnobs,
      service,
      faults: faults(
        pause(),
        clockJump([first]),
        partition(fc.constantFrom<[string, string]>(["c1", first], ["c2", first], [first, second]), 12_000),
        isolate([first, "c1"]),
        crash(fc.constantFrom(first, second), 10_000),
        delay(["storage"]),
      ),
    })
    .map(({ service, ...g }): Scenario => ({
      ...scenarioOf(g, service),
      storage: { guard: g.guard, fenceReads: g.fenceReads && g.guard === "fencing" },
    }));
}

/**
 * One job under the lock, as every built-in client does it: read the counter (fenced by the token
 * if `fenceRead`), work, write it plus one with the token and the job's idempotency key. Whether
 * storage accepted the write: a timeout ends the job, as a rejection does.
 */
export function* counterJob(
  api: ClientApi,
  n: number,
  lock: { token?: number; fenceRead: boolean },
): Generator<Step<unknown>, boolean, unknown> {
  const { token } = lock;
  try {
    const r = (yield api.storage.read("counter", lock.fenceRead && token !== undefined ? { token } : {})) as {
      ok: boolean;
      value: number;
    };
    if (!r.ok) return false;
    yield api.work();
    const w = (yield api.storage.write("counter", r.value + 1, { token, idempotencyKey: `${api.me}-job-${n}` })) as {
      accepted: boolean;
    };
    return w.accepted;
  } catch {
    return false;
  }
}

/** Runs a scenario with the built-in client and with a program, expects the same run (events, facts, summary), and returns the built-in's. */
export function expectSameRun(scenario: Scenario, program: ClientProgram): SimResult {
  const builtIn = simulate(scenario);
  const code = simulate(scenario, { code: { program } });
  expect(code.events).toEqual(builtIn.events);
  expect(code.facts).toEqual(builtIn.facts);
  expect(code.summary).toEqual(builtIn.summary);
  return builtIn;
}
