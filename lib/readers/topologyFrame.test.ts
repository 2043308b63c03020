import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import type { Scenario } from "@/lib/sim/scenario";
import { simulate } from "@/lib/sim/simulate";
import { timelineModel } from "./timelineModel";
import { cutsAt, messagesInFlightAt, processStatesAt, topologyIndex, trafficByLink } from "./topologyFrame";

const indexOf = (scenario: Scenario) => {
  const result = simulate(scenario);
  return { result, index: topologyIndex(result, timelineModel(result)) };
};

describe("the topology at a moment", () => {
  // gc-pause: c1 holds a 10 s Redis lease from about 0 s, pauses 1 s → 16 s, writes at about 17 s.
  const { result, index } = indexOf(presetById("gc-pause")!.scenario);

  it("shows a paused holder as paused, still holding its lock, and the lease on the Redis node", () => {
    const at5 = processStatesAt(index, 5000);
    expect(at5.get("c1")).toMatchObject({
      status: "paused",
      pauseCause: "gc",
      holding: { token: null, pastLease: false },
    });
    expect(at5.get("redis")?.leases).toEqual([{ client: "c1", token: null }]);
    expect(at5.get("c2")?.status).toBe("waiting");
  });

  it("shows the lease gone from Redis after it expires, while c1 still believes", () => {
    const at12 = processStatesAt(index, 12_000);
    // c1 still believes, but its lease is over: the card must not say it holds the lock.
    expect(at12.get("c1")?.holding).toEqual({ token: null, pastLease: true });
    expect(at12.get("redis")?.leases.map((l) => l.client)).toEqual(["c2"]);
    expect(at12.get("c2")?.status).toBe("working");
  });

  it("agrees with the spans: a process is crashed, paused, working, holding or waiting exactly when a span says so", () => {
    for (let t = 0; t < 20_000; t += 250) {
      const states = processStatesAt(index, t);
      for (const id of ["c1", "c2"]) {
        const on = (kind: string) =>
          result.spans.some((s) => s.lane === id && s.kind === kind && s.startT <= t && t < s.endT);
        const status = states.get(id)?.status ?? "idle";
        expect(status === "paused", `${id} at ${t}`).toBe(on("paused"));
        expect(states.get(id)?.holding != null).toBe(on("belief"));
        if (status === "waiting") expect(on("waiting") && !on("belief")).toBe(true);
      }
    }
  });

  it("puts a request on the wire between its send and its delivery, with its progress", () => {
    const first = result.events.find((e) => e.kind === "send")!;
    const delivered = result.events.find((e) => e.kind === "deliver" && e.id === (first as { id: number }).id)!;
    const mid = (first.t + delivered.t) / 2;
    const flying = messagesInFlightAt(index, mid).find((m) => m.key === `m${(first as { id: number }).id}`);
    expect(flying).toMatchObject({ from: "c1", to: "redis", dropped: false });
    expect(flying!.progress).toBeCloseTo(0.5, 5);
    expect(messagesInFlightAt(index, delivered.t).some((m) => m.key === flying!.key)).toBe(false);
    expect(messagesInFlightAt(index, 10_000)).toEqual([]);
  });

  it("cuts a partitioned link, both ways, only while the partition lasts; an isolation cuts every link of its target", () => {
    const scenario: Scenario = {
      ...presetById("gc-pause")!.scenario,
      faults: [
        { kind: "partition", between: ["c2", "redis"], atMs: 3000, forMs: 2000 },
        { kind: "isolate", target: "c1", atMs: 8000, forMs: 1000 },
      ],
    };
    const { index: cut } = indexOf(scenario);
    expect(cutsAt(cut, 2999)("c2", "redis")).toBe(false);
    expect(cutsAt(cut, 3000)("redis", "c2")).toBe(true);
    expect(cutsAt(cut, 4000)("c1", "redis")).toBe(false);
    expect(cutsAt(cut, 5000)("c2", "redis")).toBe(false);
    expect(cutsAt(cut, 8500)("c1", "storage")).toBe(true);
    expect(cutsAt(cut, 8500)("c2", "storage")).toBe(false);
    expect(processStatesAt(cut, 4000).get("c2")?.partitioned).toBe(true);
  });

  it("reads the same cuts from the faults when a large run's log stayed in the worker", () => {
    const scenario: Scenario = {
      ...presetById("gc-pause")!.scenario,
      faults: [
        { kind: "partition", between: ["c2", "redis"], atMs: 3000, forMs: 2000 },
        { kind: "isolate", target: "c1", atMs: 8000, forMs: 1000 },
      ],
    };
    const result = simulate(scenario);
    const full = topologyIndex(result, timelineModel(result));
    const logless = topologyIndex({ ...result, events: [] }, timelineModel(result));
    for (const t of [2999, 3000, 4999, 5000, 8000, 8999, 9000]) {
      for (const [a, b] of [
        ["c2", "redis"],
        ["c1", "storage"],
        ["c2", "storage"],
      ])
        expect(cutsAt(logless, t)(a!, b!), `${a}–${b} at ${t}`).toBe(cutsAt(full, t)(a!, b!));
    }
  });

  it("shows a crashed process as crashed until it restarts", () => {
    const { index: crashed } = indexOf({
      ...presetById("gc-pause")!.scenario,
      faults: [{ kind: "crash", target: "c2", atMs: 500, restartAfterMs: 1000 }],
    });
    expect(processStatesAt(crashed, 1000).get("c2")?.status).toBe("crashed");
    expect(processStatesAt(crashed, 1600).get("c2")?.status).not.toBe("crashed");
  });

  it("shows a ZooKeeper client's session as disconnected from Disconnected until it learns the session expired", () => {
    // zk-partition: c1 is cut off at 5 s, raises Disconnected at about 10 s, learns of the expiry at about 25.7 s.
    const { index: zk } = indexOf(presetById("zk-partition")!.scenario);
    expect(processStatesAt(zk, 8000).get("c1")?.sessionInDoubt).toBeNull();
    expect(processStatesAt(zk, 12_000).get("c1")).toMatchObject({ sessionInDoubt: "disconnected", partitioned: true });
    expect(processStatesAt(zk, 30_000).get("c1")?.sessionInDoubt).toBeNull();
  });
});

describe("traffic by link", () => {
  it("puts each message on its link, client end first, and knows which way it travels", () => {
    const nodeOf = new Map([
      ["c1", "c1"],
      ["redis", "redis"],
      ["c20", "c16–c20"],
      ["storage", "storage"],
    ]);
    const isClient = (id: string) => id.startsWith("c");
    const m = (from: string, to: string) => ({
      key: `${from}${to}`,
      from,
      to,
      msg: "x",
      progress: 0.5,
      dropped: false,
    });
    const traffic = trafficByLink(
      [m("c1", "redis"), m("redis", "c1"), m("c20", "storage"), m("c9", "redis")],
      nodeOf,
      isClient,
    );
    expect([...traffic.keys()]).toEqual(["c1|redis", "c16–c20|storage"]);
    expect(traffic.get("c1|redis")!.messages.map((x) => x.outbound)).toEqual([true, false]);
  });
});
