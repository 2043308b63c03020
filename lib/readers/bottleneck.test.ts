import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import { simulate } from "@/lib/sim/simulate";
import { bottleneckOf, describeBottleneck, unionLength, type LoadFacts } from "./bottleneck";

const run = (id: string) => simulate(presetById(id)!.scenario);

const facts = (patch: Partial<LoadFacts>): LoadFacts => ({
  coveredMs: 60_000,
  busiestLock: { key: 0, held: 0.2 },
  jobsStarted: 100,
  meanWaitMs: 3,
  workersBusy: 0.1,
  busiestWorker: { id: "c1", busy: 0.2 },
  serviceBusy: 0.01,
  ...patch,
});
const uniform = { keys: 1, hotKey: false, owner: false, lockless: false };

describe("the bottleneck sentence", () => {
  it("names the hot lock when it is held most of the time and the service is idle", () => {
    const b = describeBottleneck(
      facts({ busiestLock: { key: 0, held: 0.92 }, meanWaitMs: 1800, serviceBusy: 0.04, workersBusy: 0.95 }),
      {
        ...uniform,
        keys: 16,
        hotKey: true,
      },
    );
    expect(b.limit).toBe("lock");
    expect(b.sentence).toBe(
      "The lock on key 0 is held 92 % of the time and jobs wait 1.8 s on average for a worker; the lock service is 4 % busy: the hot key, not the service, limits throughput.",
    );
  });

  it("names the service first when it is saturated", () => {
    const b = describeBottleneck(
      facts({ serviceBusy: 0.99, busiestLock: { key: 758, held: 0.85 }, workersBusy: 0.93 }),
      { ...uniform, keys: 1024 },
    );
    expect(b.limit).toBe("service");
    expect(b.sentence).toMatch(
      /^The lock service is 99 % busy and jobs wait 3 ms .*: the lock service, not any one lock, limits throughput\.$/,
    );
  });

  it("names the workers when they, not the lock, are busy", () => {
    const b = describeBottleneck(facts({ workersBusy: 0.9 }), uniform);
    expect(b.limit).toBe("workers");
    expect(b.sentence).toContain("the number of workers, not the lock, limits throughput");
  });

  it("watches the busiest owner under owner routing", () => {
    const b = describeBottleneck(
      facts({ busiestLock: null, busiestWorker: { id: "c3", busy: 0.97 }, workersBusy: 0.3 }),
      {
        keys: 16,
        hotKey: true,
        owner: true,
        lockless: true,
      },
    );
    expect(b.limit).toBe("workers");
    expect(b.sentence).toMatch(
      /^C3, the busiest owner, is 97 % busy and jobs wait 3 ms on average for a worker; there is no lock to wait for: the owner of the busiest keys/,
    );
  });

  it("says when nothing is saturated", () => {
    expect(describeBottleneck(facts({}), uniform).sentence).toBe(
      "Nothing is saturated: the lock is held 20 % of the time, jobs wait 3 ms on average for a worker and the lock service is 1 % busy.",
    );
  });
});

describe("bottleneckOf a run", () => {
  it("finds the one lock in traffic-10x and the service in service-saturated", () => {
    const hot = bottleneckOf(run("traffic-10x"))!;
    expect(hot.limit).toBe("lock");
    expect(hot.busiestLock?.key).toBe(0);
    expect(hot.busiestLock!.held).toBeGreaterThan(0.8);
    expect(hot.meanWaitMs).toBeGreaterThan(1000);
    expect(hot.serviceBusy).toBeLessThan(0.05);
    expect(bottleneckOf(run("hot-key"))!.sentence).toContain("the hot key, not the service");
    expect(bottleneckOf(run("service-saturated"))!.limit).toBe("service");
  });

  it("finds nothing saturated at everyday load, and nothing to say for other workloads", () => {
    expect(bottleneckOf(run("traffic-1x"))!.limit).toBe("none");
    expect(bottleneckOf(run("partitioned-owner"))!.sentence).toMatch(/^Nothing is saturated: there is no lock/);
    expect(bottleneckOf(run("gc-pause"))).toBeNull();
  });
});

describe("unionLength", () => {
  it("counts overlapping holds once", () => {
    expect(
      unionLength([
        [0, 10],
        [5, 15],
        [20, 25],
        [21, 22],
      ]),
    ).toBe(20);
    expect(unionLength([])).toBe(0);
  });
});
