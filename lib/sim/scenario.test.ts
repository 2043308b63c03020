import { describe, expect, it } from "vitest";
import { validateScenario, type Validation } from "./scenario";
import { scenario } from "./testing";

const redis = { kind: "redis", ttlMs: 10_000 } as const;

function errorsOf(v: Validation): string[] {
  if (v.ok) throw new Error("expected the scenario to be invalid");
  return v.errors;
}

function resolved(v: Validation) {
  if (!v.ok) throw new Error(`expected a valid scenario, got:\n${v.errors.join("\n")}`);
  return v;
}

describe("validateScenario: defaults", () => {
  it("fills every default of a minimal scenario", () => {
    const { scenario: s, warnings } = resolved(validateScenario(scenario({ service: redis })));
    expect(warnings).toEqual([]);
    expect(s).toEqual({
      version: 1,
      seed: 1,
      durationMs: 60_000,
      service: { kind: "redis", ttlMs: 10_000, tokens: "none", capacityOpsPerSec: 50_000 },
      clients: {
        count: 2,
        startMs: { staggerMs: 100 },
        workMs: 2000,
        renewEveryMs: null,
        safetyMarginMs: 0,
        checkBeforeWrite: false,
        leaseClock: "wall",
        release: "compare-and-delete",
        onLockUnavailable: "fail-closed",
        onLockLost: "carry-on",
        retryDelayMs: [100, 300],
        holdAtLeastMs: 0,
      },
      workload: { kind: "counter", jobsPerClient: 1 },
      storage: { guard: "none", fenceReads: false },
      network: { latencyMs: [1, 5], lossRate: 0 },
      clocks: { skewMs: 0, driftPpm: 0, per: {} },
      faults: [],
      chaos: { pauseEveryMs: 0, pauseMs: [100, 2000] },
    });
  });

  it("fills the defaults of each service kind", () => {
    const service = (spec: unknown) => resolved(validateScenario({ version: 1, service: spec })).scenario.service;
    expect(service({ kind: "redlock", ttlMs: 10_000 })).toEqual({
      kind: "redlock",
      ttlMs: 10_000,
      nodes: 5,
      driftFactor: 0.01,
      restartDelayMs: 0,
      capacityOpsPerSec: 50_000,
    });
    expect(service({ kind: "etcd", ttlMs: 10_000 })).toEqual({
      kind: "etcd",
      ttlMs: 10_000,
      members: 3,
      electionTimeoutMs: 1000,
      capacityOpsPerSec: 5000,
    });
    expect(service({ kind: "none" })).toEqual({ kind: "none" });
  });

  it("fills a cron workload's runs and a fault's defaults", () => {
    const { scenario: s } = resolved(
      validateScenario(
        scenario({
          service: redis,
          workload: { kind: "cron", everyMs: 10_000 },
          faults: [{ kind: "crash", target: "c1", atMs: 5 }],
        }),
      ),
    );
    expect(s.workload).toEqual({ kind: "cron", everyMs: 10_000, runs: 1 });
    expect(s.faults).toEqual([{ kind: "crash", target: "c1", atMs: 5, host: false }]);
  });

  it("keeps the values it was given", () => {
    const { scenario: s } = resolved(
      validateScenario(
        scenario({
          seed: 7,
          durationMs: 1000,
          service: { ...redis, tokens: "incr" },
          clients: { count: 3, workMs: [10, 20] },
        }),
      ),
    );
    expect(s.seed).toBe(7);
    expect(s.durationMs).toBe(1000);
    expect(s.service).toMatchObject({ tokens: "incr" });
    expect(s.clients).toMatchObject({ count: 3, workMs: [10, 20] });
  });
});

describe("validateScenario: errors", () => {
  it("names the field path of an out-of-range value", () => {
    expect(errorsOf(validateScenario(scenario({ service: { kind: "redis", ttlMs: 0 } })))).toEqual([
      "service.ttlMs: must be ≥ 1",
    ]);
  });

  it("names a missing required field", () => {
    expect(errorsOf(validateScenario({ version: 1, service: { kind: "redis" } }))).toEqual([
      "service.ttlMs: is required",
    ]);
    expect(errorsOf(validateScenario({ version: 1 }))).toEqual(["service: is required"]);
  });

  it("refuses a version other than 1 and an unknown service kind, naming both", () => {
    const errors = errorsOf(validateScenario({ version: 2, service: { kind: "mongo" } }));
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^version: /);
    expect(errors[1]).toMatch(/^service\.kind: .*"redis"/);
  });

  it("treats unknown fields as errors, at any depth", () => {
    const errors = errorsOf(
      validateScenario({ version: 1, service: { ...redis, colour: "red" }, clients: { cnt: 2 }, bogus: true }),
    );
    expect(errors).toEqual(
      expect.arrayContaining(["service.colour: unknown field", "clients.cnt: unknown field", "bogus: unknown field"]),
    );
    expect(errors).toHaveLength(3);
  });

  it("refuses 65 clients and a run longer than an hour, naming the limits", () => {
    const errors = errorsOf(
      validateScenario(scenario({ service: redis, clients: { count: 65 }, durationMs: 3_600_001 })),
    );
    expect(errors).toEqual(expect.arrayContaining(["clients.count: must be ≤ 64", "durationMs: must be ≤ 3600000"]));
    expect(errors).toHaveLength(2);
  });

  it("accepts 64 clients and a run of exactly an hour", () => {
    expect(validateScenario(scenario({ service: redis, clients: { count: 64 }, durationMs: 3_600_000 })).ok).toBe(true);
  });

  it("refuses fractional milliseconds", () => {
    expect(errorsOf(validateScenario(scenario({ service: { kind: "redis", ttlMs: 1.5 } })))).toEqual([
      "service.ttlMs: must be a whole number of milliseconds",
    ]);
  });

  it("reports every schema error at once, each naming its path", () => {
    const errors = errorsOf(
      validateScenario(
        scenario({
          durationMs: 0,
          service: { kind: "redis", ttlMs: -5 },
          clients: { workMs: -1, retryDelayMs: [300, 100] },
          network: { lossRate: 2 },
        }),
      ),
    );
    expect(errors).toHaveLength(5);
    for (const path of ["durationMs", "service.ttlMs", "clients.workMs", "clients.retryDelayMs", "network.lossRate"]) {
      expect(errors.some((e) => e.startsWith(`${path}: `))).toBe(true);
    }
  });

  it("reports schema errors and cross-field errors together, all at once", () => {
    const errors = errorsOf(
      validateScenario(
        scenario({ durationMs: 0, service: redis, faults: [{ kind: "pause", target: "c9", atMs: 0, forMs: 10 }] }),
      ),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^durationMs: /),
        expect.stringMatching(/^faults\.0\.target: .*"c9"/),
      ]),
    );
  });

  it("refuses fencing with redis unless it hands out INCR tokens, saying a token is missing", () => {
    const errors = errorsOf(validateScenario(scenario({ service: redis, storage: { guard: "fencing" } })));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^storage\.guard: /);
    expect(errors[0]).toMatch(/token/);
    expect(errors[0]).toMatch(/incr/);
    expect(
      validateScenario(scenario({ service: { ...redis, tokens: "incr" }, storage: { guard: "fencing" } })).ok,
    ).toBe(true);
  });

  it("refuses fencing with Redlock, which issues no token", () => {
    const errors = errorsOf(
      validateScenario(scenario({ service: { kind: "redlock", ttlMs: 10_000 }, storage: { guard: "fencing" } })),
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^storage\.guard: .*Redlock.*token/);
  });

  it("refuses fencing with no lock service, saying there is no token", () => {
    const errors = errorsOf(validateScenario(scenario({ service: { kind: "none" }, storage: { guard: "fencing" } })));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^storage\.guard: .*token/);
  });

  it("accepts fencing with etcd, whose revisions are tokens", () => {
    expect(
      validateScenario(
        scenario({ service: { kind: "etcd", ttlMs: 10_000 }, storage: { guard: "fencing", fenceReads: true } }),
      ).ok,
    ).toBe(true);
  });

  it("refuses fenced reads without the fencing guard", () => {
    expect(errorsOf(validateScenario(scenario({ service: redis, storage: { fenceReads: true } })))).toEqual([
      expect.stringMatching(/^storage\.fenceReads: /),
    ]);
  });

  it("requires fault targets to exist, listing the processes there are", () => {
    const errors = errorsOf(
      validateScenario(
        scenario({
          service: redis,
          faults: [
            { kind: "pause", target: "c3", atMs: 0, forMs: 10 },
            { kind: "partition", between: ["c1", "e1"], atMs: 0, forMs: 10 },
            { kind: "delay", from: "zz", to: "storage", atMs: 0, byMs: 1 },
            { kind: "clock-jump", target: "r1", atMs: 0, byMs: 1 },
          ],
        }),
      ),
    );
    expect(errors).toHaveLength(4);
    expect(errors[0]).toBe('faults.0.target: unknown process "c3" (processes: c1, c2, redis, storage)');
    expect(errors[1]).toMatch(/^faults\.1\.between\.1: unknown process "e1"/);
    expect(errors[2]).toMatch(/^faults\.2\.from: unknown process "zz"/);
    expect(errors[3]).toMatch(/^faults\.3\.target: unknown process "r1"/);
  });

  it("knows each service's node ids as fault targets", () => {
    const ok = (service: unknown, target: string) =>
      validateScenario({ version: 1, service, faults: [{ kind: "crash", target, atMs: 0 }] }).ok;
    expect(ok({ ...redis, replica: { lagMs: 100 } }, "replica")).toBe(true);
    expect(ok({ kind: "redlock", ttlMs: 10_000 }, "r5")).toBe(true);
    expect(ok({ kind: "redlock", ttlMs: 10_000 }, "r6")).toBe(false);
    expect(ok({ kind: "etcd", ttlMs: 10_000 }, "e3")).toBe(true);
    expect(ok({ kind: "etcd", ttlMs: 10_000 }, "e4")).toBe(false);
  });

  it("requires a pause to say when it starts", () => {
    expect(
      errorsOf(validateScenario(scenario({ service: redis, faults: [{ kind: "pause", target: "c1", forMs: 10 }] }))),
    ).toEqual([expect.stringMatching(/^faults\.0: .*atMs/)]);
  });

  it("requires clocks.per to name existing processes", () => {
    expect(errorsOf(validateScenario(scenario({ service: redis, clocks: { per: { c7: { offsetMs: 5 } } } })))).toEqual([
      expect.stringMatching(/^clocks\.per\.c7: unknown process/),
    ]);
  });

  it("names an unknown clocks.per key even when it is __proto__, which a JSON link can carry", () => {
    const per = JSON.parse('{"__proto__": {"offsetMs": 500}}') as Record<string, { offsetMs: number }>;
    expect(errorsOf(validateScenario(scenario({ service: redis, clocks: { per } })))).toEqual([
      expect.stringMatching(/^clocks\.per\.__proto__: unknown process/),
    ]);
  });

  it("says once, with a count, that thousands of clocks.per keys name no process", () => {
    const per = Object.fromEntries(Array.from({ length: 5500 }, (_, i) => [`x${i}`, { offsetMs: 1 }]));
    const errors = errorsOf(validateScenario(scenario({ service: redis, clocks: { per } })));
    expect(errors).toEqual([
      expect.stringMatching(
        /^clocks\.per: 5,500 unknown processes \("x0", "x1", "x2", "x3", "x4" and 5,495 more\); the processes are c1, c2, redis, storage$/,
      ),
    ]);
  });

  it("lists at most 50 problems and counts the rest, however bad the input", () => {
    const faults = Array.from({ length: 1000 }, () => ({ kind: "pause", target: 5 }));
    const errors = errorsOf(validateScenario(scenario({ service: redis, faults: faults as never })));
    expect(errors).toHaveLength(51);
    expect(errors[50]).toMatch(/^… and [\d,]+ more problems$/);
  });

  it("requires one start time per client", () => {
    expect(errorsOf(validateScenario(scenario({ service: redis, clients: { count: 3, startMs: [0, 1] } })))).toEqual([
      expect.stringMatching(/^clients\.startMs: .*3.*2/),
    ]);
  });
});

describe("validateScenario: values the real system clamps", () => {
  it("raises an etcd TTL of 1000 ms to 2000 ms, with a warning, as etcd does", () => {
    const { scenario: s, warnings } = resolved(validateScenario(scenario({ service: { kind: "etcd", ttlMs: 1000 } })));
    expect(s.service).toMatchObject({ kind: "etcd", ttlMs: 2000 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/service\.ttlMs/);
    expect(warnings[0]).toMatch(/2000/);
  });

  it("derives etcd's minimum TTL from the election timeout, rounded up to whole seconds", () => {
    const { scenario: s } = resolved(
      validateScenario(scenario({ service: { kind: "etcd", ttlMs: 1000, electionTimeoutMs: 2100 } })),
    );
    expect(s.service).toMatchObject({ ttlMs: 4000 });
  });

  it("leaves an etcd TTL at or above the minimum alone, without a warning", () => {
    const { scenario: s, warnings } = resolved(validateScenario(scenario({ service: { kind: "etcd", ttlMs: 2000 } })));
    expect(s.service).toMatchObject({ ttlMs: 2000 });
    expect(warnings).toEqual([]);
  });
});

describe("validateScenario: every message says what is accepted", () => {
  const base = { version: 1, service: redis };
  // One bad value for every kind of field the schema has; zod's own wording says none of this.
  const bad: [string, unknown][] = [
    ["name", { ...base, name: 5 }],
    ["seed", { ...base, seed: "x" }],
    ["durationMs", { ...base, durationMs: Number.NaN }],
    ["service", { ...base, service: 5 }],
    ["service.tokens", { ...base, service: { ...redis, tokens: "x" } }],
    ["service.replica", { ...base, service: { ...redis, replica: 5 } }],
    ["service.nodes", { ...base, service: { kind: "redlock", ttlMs: 1, nodes: 1.5 } }],
    ["service.mode", { ...base, service: { kind: "postgres" } }],
    ["clients", { ...base, clients: 5 }],
    ["clients.startMs", { ...base, clients: { startMs: "x" } }],
    ["clients.workMs", { ...base, clients: { workMs: "x" } }],
    ["clients.workMs", { ...base, clients: { workMs: [1] } }],
    ["clients.checkBeforeWrite", { ...base, clients: { checkBeforeWrite: 1 } }],
    ["clients.leaseClock", { ...base, clients: { leaseClock: "x" } }],
    ["clients.retryDelayMs", { ...base, clients: { retryDelayMs: [1, 2, 3] } }],
    ["workload.jobsPerClient", { ...base, workload: { kind: "counter", jobsPerClient: 1.5 } }],
    ["storage.guard", { ...base, storage: { guard: "x" } }],
    ["network.latencyMs", { ...base, network: { latencyMs: 5 } }],
    ["clocks.per", { ...base, clocks: { per: 5 } }],
    ["clocks.per.c1.driftPpm", { ...base, clocks: { per: { c1: { driftPpm: 1e9 } } } }],
    ["faults", { ...base, faults: 5 }],
    ["faults.0.between", { ...base, faults: [{ kind: "partition", between: ["c1"], atMs: 0, forMs: 1 }] }],
    ["faults.0.host", { ...base, faults: [{ kind: "crash", target: "c1", atMs: 0, host: 1 }] }],
    ["chaos", { ...base, chaos: 5 }],
  ];

  it.each(bad)("%s", (field, input) => {
    const errors = errorsOf(validateScenario(input));
    expect(errors).toEqual([expect.stringMatching(new RegExp(`^${field.replace(/\./g, "\\.")}: must `))]);
    expect(errors[0]).not.toMatch(/Invalid|Too (big|small)|expected (int|tuple|record)/);
  });

  it("says a duration field takes a duration in ms or a [min, max] pair, and the range", () => {
    expect(errorsOf(validateScenario({ ...base, clients: { workMs: "2 s" } }))).toEqual([
      "clients.workMs: must be a duration in ms, or a [min, max] pair of them (0–3600000)",
    ]);
    expect(errorsOf(validateScenario({ ...base, clients: { workMs: 1e9 } }))).toEqual([
      "clients.workMs: must be ≤ 3600000",
    ]);
  });

  it("names the scenario versions there are", () => {
    expect(errorsOf(validateScenario({ ...base, version: 2 }))).toEqual([
      "version: must be 1 (the scenario versions there are: 1)",
    ]);
  });
});
