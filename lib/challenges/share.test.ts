import { describe, expect, it } from "vitest";
import { named } from "@/lib/sim/testing";
import { challengeDecode, challengeSearch, solutionDecode, solutionEncode, solutionFits } from "./share";
import type { BreakLevel, DefendLevel } from "./level";

const breakLevel: BreakLevel = {
  slug: "redis-one-pause",
  order: 1,
  mode: "break",
  title: "Lose an update",
  story: "…",
  scenario: named("gc-pause", { faults: [] }),
  goal: ["lost-update"],
  hints: ["…"],
  rules: { faultKinds: ["pause"], maxFaults: 1, par: { faults: 1 }, solution: [], world: null },
};
const defendLevel: DefendLevel = {
  slug: "fence-the-pause",
  order: 3,
  mode: "defend",
  title: "Survive every pause",
  story: "…",
  scenario: named("gc-pause", { faults: [] }),
  goal: ["safe"],
  hints: ["…"],
  rules: {
    controls: { guard: ["none", "fencing"] },
    world: { maxFaults: 1, pauseMs: [5000], jumpMs: [], delayMs: [], maxSchedules: 100 },
    baseline: [],
    par: { changes: 1 },
    solution: { guard: "fencing" },
  },
};
const levels = [breakLevel, defendLevel];
const pause = { kind: "pause" as const, target: "c1", atMs: 1000, forMs: 8000 };

describe("challenge links", () => {
  it("round-trip a level's solution on the level's own page, and an arcade seed on the challenges page", () => {
    const search = challengeSearch({ level: "redis-one-pause" }, { faults: [pause] });
    expect(search).toMatch(/^\?solution=[\w-]+$/);
    expect(solutionDecode(new URLSearchParams(search).get("solution")!)).toEqual({
      ok: true,
      solution: { faults: [pause] },
    });
    expect(challengeSearch({ level: "redis-one-pause" })).toBe("");
    expect(challengeDecode(challengeSearch({ arcade: 42 }), levels)).toEqual({
      kind: "arcade",
      seed: 42,
      solution: null,
    });
  });

  it("still read a level link made before levels had pages of their own", () => {
    const old = `?level=redis-one-pause&solution=${solutionEncode({ faults: [pause] })}`;
    expect(challengeDecode(old, levels)).toEqual({
      kind: "level",
      slug: "redis-one-pause",
      solution: { faults: [pause] },
    });
  });

  it("open the level list with a notice naming what was wrong", () => {
    expect(challengeDecode("?level=nope", levels)).toEqual({ kind: "list", problems: ["There is no level “nope”."] });
    expect(challengeDecode("?level=redis-one-pause&solution=%%%", levels)).toEqual({
      kind: "list",
      problems: ["The link's solution is damaged: it is not base64url text."],
    });
    expect(challengeDecode("?arcade=-3", levels).kind).toBe("list");
    const tampered = `?level=redis-one-pause&solution=${solutionEncode({ faults: [pause] })}`.replace(
      /solution=.{4}/,
      "solution=AAAA",
    );
    expect(challengeDecode(tampered, levels)).toMatchObject({
      kind: "list",
      problems: [expect.stringMatching(/^The link's solution is damaged/)],
    });
  });

  it("say when a solution does not fit its level", () => {
    expect(solutionFits(breakLevel, { faults: [{ ...pause, target: "c9" }] })).toMatch(
      /^The link's faults do not fit “Lose an update”: faults\.0\.target: unknown process "c9"/,
    );
    expect(solutionFits(defendLevel, { design: { guard: "cas" } })).toBe(
      'The link\'s design sets guard to "cas", which is not one of the choices ("none", "fencing").',
    );
    expect(solutionFits(defendLevel, { faults: [] })).toMatch(/is a level to defend/);
    expect(solutionFits(defendLevel, { design: { guard: "fencing" } })).toBeNull();
  });
});
