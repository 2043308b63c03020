import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { storyOf } from "../readers/story";
import { simulate } from "../sim/simulate";
import { agreement, agreementTable, tokensAgree } from "./agreement";
import { eventsOfTrace, resultOfTrace } from "./replay";
import { shippedTraces, unloadable } from "./shipped";
import type { Scenario } from "../sim/scenario";
import { parseTrace, TRACE_FORMAT, type Trace, type TraceEvent } from "./trace";

const load = (id: string): Trace => {
  const parsed = parseTrace(
    JSON.parse(readFileSync(path.join(__dirname, "../../content/traces", `${id}.json`), "utf8")),
  );
  if (!parsed.ok) throw new Error(parsed.errors.join("\n"));
  return parsed.trace;
};

describe("a recorded run read by the engine's checker", () => {
  it("orders events by their time and numbers grants in the order they were granted", () => {
    const events: TraceEvent[] = [
      {
        kind: "grant",
        t: 10,
        by: "client",
        proc: "redis",
        client: "c2",
        lock: "lock",
        grant: "redis:c2:1",
        token: null,
      },
      // The expiry notification of c1's lease reached the recorder a moment before c2's grant report.
      {
        kind: "lease-end",
        t: 9,
        by: "server",
        proc: "redis",
        client: "c1",
        lock: "lock",
        grant: "redis:c1:1",
        token: null,
        reason: "expired",
      },
      {
        kind: "grant",
        t: 1,
        by: "client",
        proc: "redis",
        client: "c1",
        lock: "lock",
        grant: "redis:c1:1",
        token: null,
      },
    ];
    const log = eventsOfTrace(events);
    expect(log.map((e) => [e.kind, e.t, "grant" in e ? e.grant : null, e.seq])).toEqual([
      ["grant", 1, 1, 0],
      ["lease-end", 9, 1, 1],
      ["grant", 10, 2, 2],
    ]);
  });

  it("rejects a trace with a wrong field, naming its path", () => {
    const bad = {
      format: TRACE_FORMAT,
      scenario: {},
      recorded: { at: "x", lengthMs: 1, versions: {} },
      notes: [],
      events: [
        { kind: "grant", t: 1, by: "client", proc: "redis", client: "c1", lock: "lock", grant: "g", token: "seven" },
      ],
    };
    const r = parseTrace(bad);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors[0]).toMatch(/^events\.0\.token: /);
  });

  it("compares lock-table tokens by count and order, since refused attempts consume the sequence at random", () => {
    const lockTable = simulate(shippedTraces.find((t) => t.id === "pg-lock-table-skew")!.scenario).scenario;
    const redis = simulate(shippedTraces.find((t) => t.id === "gc-pause-fenced")!.scenario).scenario;
    expect(tokensAgree(lockTable, [1, 50], [1, 44])).toBe(true);
    expect(tokensAgree(lockTable, [1, 50], [1])).toBe(false);
    expect(tokensAgree(redis, [1, 2, 3], [1, 2])).toBe(false);
  });
});

describe("the Redis primary frozen past its TTL, then a failover, recorded", () => {
  it("freezes the primary in both runs, and c1's late write lands after the promoted replica granted c2", () => {
    const trace = load("redis-primary-frozen");
    const model = simulate(trace.scenario as Scenario);
    for (const run of [resultOfTrace(trace), model]) {
      // The freeze: no pause end, since the failover ends the frozen primary.
      const paused = run.spans.flatMap((s) => (s.kind === "paused" ? [s] : []));
      expect(paused.map((s) => [s.lane, Math.round(s.startT / 1000)])).toEqual([["redis", 1]]);
      expect(run.facts.grants.map((g) => [g.client, g.issuedBy, g.endReason])).toEqual([
        ["c1", "redis", "failover"],
        ["c2", "replica", "released"],
      ]);
      const [c1, c2] = run.facts.grants;
      // The lease outlived its 5 s TTL under the freeze: it ends when the replica, promoted at 8 s, finds the key expired.
      expect(c1!.endedAt!).toBeGreaterThanOrEqual(8000);
      expect(c2!.grantedAt).toBeGreaterThan(c1!.endedAt!);
      expect(run.facts.writes.map((w) => [w.client, w.stale?.grantEndReason ?? null, w.lostIncrements])).toEqual([
        ["c1", "failover", 0],
        ["c2", null, 1],
      ]);
    }
    expect(trace.notes.join(" ")).toMatch(
      /frozen at 1000 ms by SIGSTOP of the redis-server process the recorder started/,
    );
    // The recorded failover is told with the lag the replica lacked, not a figure it cannot compute.
    const failover = storyOf(resultOfTrace(trace)).lines.find((l) => l.text.includes("replica took over"))!;
    expect(failover.text).toMatch(
      /^At 8\.0 s the primary died and the replica took over without its last 5\d\d ms of writes\.$/,
    );
  });
});

describe("the shipped recordings agree with the model", () => {
  it("can each be loaded by the lab", () => expect(unloadable()).toEqual([]));

  for (const shipped of shippedTraces) {
    it(`${shipped.id}: ${shipped.title}`, () => {
      const trace = load(shipped.id);
      expect(trace.scenario).toEqual(shipped.scenario);
      const real = resultOfTrace(trace);
      const model = simulate(shipped.scenario);
      const rows = agreement(model.scenario, model.summary, real.summary);
      expect(
        rows.every((r) => r.agree),
        `${shipped.id}\n${agreementTable(rows)}`,
      ).toBe(true);
      // The facts come from the same checker: every write of the recorded run is in them.
      expect(real.facts.writes).toHaveLength(trace.events.filter((e) => e.kind === "write").length);
    });
  }
});
