import { describe, expect, it } from "vitest";
import type { ClientProgram } from "@/lib/sim/code/api";
import type { Scenario } from "@/lib/sim/scenario";
import { simulate } from "@/lib/sim/simulate";
import { storyOf } from "./story";
import { timelineModelData } from "./timelineModel";

const scenario: Scenario = {
  version: 1,
  seed: 1,
  durationMs: 5000,
  service: { kind: "redis", ttlMs: 1000 },
  clients: { count: 1, workMs: 100, startMs: [0] },
  workload: { kind: "counter", jobsPerClient: 1 },
  storage: { guard: "none" },
} as Scenario;

const program: ClientProgram = function* client({ log, sleep }) {
  log("taking the lock");
  yield sleep(10);
  throw new Error("my own mistake");
};

describe("a learner's client in the story and on the timeline", () => {
  const result = simulate(scenario, { code: { program, lineOf: () => 4 } });

  it("tells its log lines and the error that stopped it", () => {
    const texts = storyOf(result).lines.map((l) => l.text);
    expect(texts).toContain("At 0.0 s c1 logged “taking the lock”.");
    expect(
      texts.find((t) => t.includes("c1's code stopped with an error at line 4: Error: my own mistake")),
    ).toBeDefined();
  });

  it("marks both on c1's lane", () => {
    const points = timelineModelData(result).points.filter((p) => p.lane === "c1");
    expect(points.map((p) => [p.kind, p.label])).toEqual([
      ["code-log", "log: taking the lock"],
      ["code-error", "error at line 4: Error: my own mistake"],
    ]);
  });
});
