import { describe, expect, it } from "vitest";
import { named } from "@/lib/sim/testing";
import { simulate } from "@/lib/sim/simulate";
import { presets } from "@/lib/scenario/presets";
import { atomHolds, atomMoment, goalHolds, goalMoment } from "./goals";

const pause = (forMs: number) => ({ kind: "pause" as const, target: "c1", atMs: 1000, forMs });

describe("goalMoment: where the run shows a met goal, read from its facts", () => {
  it("an 8 s pause of c1 loses an update: the moment is the write that erased an increment, with the checker's words", () => {
    const run = simulate(named("gc-pause", { faults: [pause(8000)] }));
    expect(goalHolds(["lost-update"], run)).toBe(true);
    const moment = goalMoment(["lost-update"], run)!;
    const lost = run.violations.find((v) => v.kind === "lost-update")!;
    expect(moment).toEqual({ t: lost.t, violation: lost });
    // c1's stale write landed first; c2's, computed from the value it read before, erased it.
    expect(run.facts.writes.find((w) => w.t === moment.t)).toMatchObject({
      client: "c2",
      accepted: true,
      lostIncrements: 1,
    });
    expect(moment.t).toBeGreaterThan(run.facts.writes.find((w) => w.client === "c1")!.t);
  });

  it("a goal of two atoms came to hold at the later of their first moments", () => {
    const run = simulate(named("gc-pause", { faults: [pause(15_000)] }));
    const overlap = atomMoment("two-holders", run);
    const lost = atomMoment("lost-update", run);
    expect(overlap).not.toBeNull();
    expect(lost).not.toBeNull();
    expect(goalMoment(["two-holders", "lost-update"], run)!.t).toBe(Math.max(overlap!.t, lost!.t));
    const stale = atomMoment("stale-write-accepted", run)!;
    expect(stale).toMatchObject({ write: { client: "c1", accepted: true } });
    expect("write" in stale && stale.write.stale).not.toBeNull();
  });

  it("an atom that says nothing went wrong has no moment; a run without the damage has none either", () => {
    const run = simulate(named("gc-pause", { faults: [] }));
    expect(atomMoment("safe", run)).toBeNull();
    expect(atomMoment({ "jobs-done": 2 }, run)).toBeNull();
    expect(goalMoment(["lost-update"], run)).toBeNull();
  });

  it("two grants' writes both accepted: the moment is when the second of the two was, whichever came first", () => {
    let seen = 0;
    for (const preset of presets) {
      const run = simulate(preset.scenario);
      if (!atomHolds("two-grants-accepted", run)) continue;
      seen++;
      const moment = atomMoment("two-grants-accepted", run)!;
      if (!("write" in moment)) throw new Error(`${preset.id}: the moment is not a write`);
      const stale = moment.write;
      const other = run.facts.writes.find(
        (w) => w.accepted && w.client !== stale.client && w.grant !== null && w.grant !== stale.grant,
      )!;
      expect(moment.t, preset.id).toBe(Math.max(stale.t, other.t));
    }
    expect(seen).toBeGreaterThan(0);
  });
});
