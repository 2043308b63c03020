import { describe, expect, it } from "vitest";
import { checkCode } from "../challenges/codeCheck";
import { compileClient } from "../challenges/codeCompile";
import { codeLevelParse, codeLevelsCheck } from "./codeLevels";

const { levels, problems } = codeLevelsCheck();

describe("the code levels in content/code", () => {
  it("are all valid", () => {
    expect(problems).toEqual([]);
    expect(levels.length).toBeGreaterThan(0);
  });

  // Grading you can trust: each level's reference passes every schedule of its world at par, and
  // its starter, the realistic flaw the learner starts from, is caught with a counterexample.
  describe.each(levels.map((level) => [level.slug, level] as const))("%s", (_slug, level) => {
    it("has a reference solution that is safe and live on every schedule, at par", { timeout: 60_000 }, () => {
      const compiled = compileClient(level.solution);
      if (!compiled.ok) throw new Error(compiled.message);
      const verdict = checkCode(level, compiled);
      expect(verdict.errors).toEqual([]);
      expect(verdict).toMatchObject({ passed: true, safe: true, live: true, counterexample: null, schedules: { complete: true, failed: 0 } });
      expect(verdict.par.met).toBe(true);
    });

    it("has a starter that a schedule of its world breaks, with the counterexample to show", { timeout: 60_000 }, () => {
      const compiled = compileClient(level.starter);
      if (!compiled.ok) throw new Error(compiled.message);
      const verdict = checkCode(level, compiled);
      expect(verdict.passed).toBe(false);
      expect(verdict.schedules.failed).toBeGreaterThan(0);
      expect(verdict.counterexample?.explanations.length ?? -1).toBeGreaterThanOrEqual(0);
      expect(verdict.counterexample?.scenario).toBeDefined();
    });
  });
});

describe("par", () => {
  it("is not met by a client that does nothing: no requests, but no jobs done either", () => {
    const idle = compileClient("function* client(api) {\n  yield api.sleep(1);\n}\n");
    if (!idle.ok) throw new Error(idle.message);
    const verdict = checkCode(levels[0]!, idle);
    expect(verdict.live).toBe(false);
    expect(verdict.par).toMatchObject({ yours: null, met: false });
  });
});

describe("a code level file with mistakes", () => {
  it("names each mistake with its line", () => {
    const parsed = codeLevelParse(
      "content/code/99-broken.md",
      ["---", "title: Broken", "order: 1", "summary: x", "scenario: { version: 1, service: { kind: redis, ttlMs: 1000 }, workload: { kind: cron, everyMs: 1000 } }", "world: { maxFaults: 0 }", "goal: { jobs: 1 }", "par: { kind: service-calls, value: 1 }", "readAfter: [{ title: L, href: /learn/02-leases/ }]", "---", "", "Prompt.", "", "## Hints", "", "- one", "", "## Starter", "", "```js", "function client() {}", "```", "", "## Solution", "", "```js", "function* client() { yield", "```", ""].join("\n"),
    );
    expect(parsed.ok).toBe(false);
    const reasons = parsed.ok ? [] : parsed.problems.map((p) => `${p.line}: ${p.reason}`);
    expect(reasons).toContain('1: scenario.workload: a code level runs the counter workload (kind: "counter")');
    expect(reasons.some((r) => /^21: starter: `client` must be a generator function/.test(r))).toBe(true);
    expect(reasons.some((r) => /^2\d: solution: Syntax error: Unexpected token/.test(r))).toBe(true);
  });
});
