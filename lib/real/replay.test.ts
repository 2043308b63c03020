import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { simulate } from "../sim/simulate";
import { agreement, agreementTable, tokensAgree } from "./agreement";
import { eventsOfTrace, resultOfTrace } from "./replay";
import { shippedTraces, unloadable } from "./shipped";
import { parseTrace, TRACE_FORMAT, type Trace, type TraceEvent } from "./trace";

const load = (id: string): Trace => {
  const parsed = parseTrace(JSON.parse(readFileSync(path.join(__dirname, "../../content/traces", `${id}.json`), "utf8")));
  if (!parsed.ok) throw new Error(parsed.errors.join("\n"));
  return parsed.trace;
};

describe("a recorded run read by the engine's checker", () => {
  it("orders events by their time and numbers grants in the order they were granted", () => {
    const events: TraceEvent[] = [
      { kind: "grant", t: 10, by: "client", proc: "redis", client: "c2", lock: "lock", grant: "redis:c2:1", token: null },
      // The expiry notification of c1's lease reached the recorder a moment before c2's grant report.
      { kind: "lease-end", t: 9, by: "server", proc: "redis", client: "c1", lock: "lock", grant: "redis:c1:1", token: null, reason: "expired" },
      { kind: "grant", t: 1, by: "client", proc: "redis", client: "c1", lock: "lock", grant: "redis:c1:1", token: null },
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
      events: [{ kind: "grant", t: 1, by: "client", proc: "redis", client: "c1", lock: "lock", grant: "g", token: "seven" }],
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
