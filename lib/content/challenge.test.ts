import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatProblem } from "./errors";
import { challengeParse } from "./challenge";
import { challengeCheck } from "./challengeLoad";
import { levelVerify } from "../challenges/verify";

const fixture = (name: string) => readFileSync(join(__dirname, "fixtures", name), "utf8");

describe("challengeParse", () => {
  it("names the file, line and reason of every bad field", () => {
    const result = challengeParse("content/challenges/bad-challenge.yaml", fixture("bad-challenge.yaml"));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const lines = result.problems.map(formatProblem);
    expect(lines).toEqual([
      expect.stringMatching(/^content\/challenges\/bad-challenge\.yaml:6: goal\.1: must be one of lost-update, .*\{ jobs-done: N \}$/),
      expect.stringMatching(/^content\/challenges\/bad-challenge\.yaml:9: break\.faultKinds\.1: must be one of pause, crash, clock-jump, partition, delay$/),
    ]);
  });

  it("checks the preset once the fields are right", () => {
    const source = fixture("bad-challenge.yaml").replace(", lots-of-damage", "").replace(", meteor", "");
    const result = challengeParse("content/challenges/bad-challenge.yaml", source);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map(formatProblem)).toEqual(['content/challenges/bad-challenge.yaml:5: preset: unknown preset "no-such-preset"']);
  });

  it("plays the reference solution: an empty one does not meet the goal, and par must be its score", () => {
    const source = fixture("bad-challenge.yaml").replace(", lots-of-damage", "").replace(", meteor", "").replace("no-such-preset", "gc-pause\ndropPresetFaults: true");
    const result = challengeParse("content/challenges/bad-challenge.yaml", source);
    if (!result.ok) throw new Error(result.problems.map(formatProblem).join("\n"));
    expect(levelVerify(result.value.level).map((p) => p.reason)).toEqual([
      "the reference solution does not meet the goal",
      "par must be the reference solution's score (0 faults, 0 ms of pauses)",
    ]);
  });
});

describe("the shipped levels", () => {
  const { levels, problems } = challengeCheck();

  it("all parse and win as their files claim, at least 15 of them", () => {
    expect(problems.map(formatProblem)).toEqual([]);
    expect(levels.length).toBeGreaterThanOrEqual(15);
  });

  it("cover every lock service and every fault kind, in the levels' scenarios or in what the learner adds", () => {
    const services = new Set(levels.map((l) => l.scenario.service.kind));
    expect([...services].sort()).toEqual(["chubby", "etcd", "kubernetes", "none", "postgres", "redis", "redlock", "zookeeper"]);
    const kinds = new Set<string>();
    for (const l of levels) {
      for (const f of l.scenario.faults ?? []) kinds.add(f.kind);
      if (l.mode === "break") for (const f of l.rules.solution ?? []) kinds.add(f.kind);
      else if (l.rules.world.pauseMs.length) kinds.add("pause");
    }
    expect([...kinds].sort()).toEqual(["clock-jump", "crash", "delay", "failover", "isolate", "outage", "partition", "pause"]);
  });
});
