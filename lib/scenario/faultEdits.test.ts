import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import { simulate } from "@/lib/sim/simulate";
import { validateScenario, type Scenario } from "@/lib/sim/scenario";
import {
  describeFault,
  editableFields,
  faultAt,
  faultFromSeconds,
  withFaultAdded,
  withFaultRemoved,
  withFaultReplaced,
} from "./faultEdits";

const base: Scenario = { ...presetById("gc-pause")!.scenario, faults: [] };

describe("injected faults", () => {
  it("start at the playhead, rounded to a whole millisecond, and keep the scenario valid", () => {
    const fault = faultAt({ kind: "pause", target: "c1", forMs: 15_000 }, 1000.4);
    expect(fault).toEqual({ kind: "pause", target: "c1", forMs: 15_000, atMs: 1000 });
    const scenario = withFaultAdded(base, fault);
    expect(validateScenario(scenario).ok).toBe(true);
    expect(faultAt({ kind: "delay", from: "c1", to: "storage", byMs: 500 }, 2500)).toEqual({
      kind: "delay",
      from: "c1",
      to: "storage",
      byMs: 500,
      atMs: 2500,
    });
  });

  it("leave the past as it was: the run up to the fault's moment is the same", () => {
    const before = simulate(base);
    const after = simulate(withFaultAdded(base, faultAt({ kind: "pause", target: "c1", forMs: 15_000 }, 1000)));
    // `seq` counts scheduling, which the fault's own timer shifts: the events themselves must agree.
    const upTo = (events: typeof before.events) =>
      events.filter((e) => e.t < 1000).map((event) => ({ ...event, seq: 0 }));
    expect(upTo(after.events)).toEqual(upTo(before.events));
    expect(before.summary.verdict).toBe("safe");
    expect(after.summary.verdict).toBe("unsafe");
  });

  it("are removed and replaced by their place in the list", () => {
    const two = withFaultAdded(withFaultAdded(base, { kind: "crash", target: "c2", atMs: 5 }), {
      kind: "clock-jump",
      target: "redis",
      atMs: 7,
      byMs: -300,
    });
    expect(withFaultRemoved(two, 0).faults).toEqual([{ kind: "clock-jump", target: "redis", atMs: 7, byMs: -300 }]);
    expect(withFaultReplaced(two, 1, { kind: "clock-jump", target: "redis", atMs: 9, byMs: 300 }).faults?.[1]).toEqual({
      kind: "clock-jump",
      target: "redis",
      atMs: 9,
      byMs: 300,
    });
  });

  it("are described in a line each", () => {
    const v = validateScenario({
      ...base,
      faults: [
        { kind: "pause", target: "c1", atMs: 1000, forMs: 15000 },
        { kind: "pause", target: "c1", atPhase: "before-write", forMs: 15000 },
        { kind: "clock-jump", target: "redis", atMs: 2500, byMs: -3000 },
        { kind: "partition", between: ["c1", "storage"], atMs: 0, forMs: 500 },
        { kind: "delay", from: "c1", to: "storage", atMs: 1000, byMs: 30000 },
        { kind: "crash", target: "c2", atMs: 100, restartAfterMs: 2000 },
      ],
    });
    if (!v.ok) throw new Error(v.errors.join());
    expect(v.scenario.faults.map(describeFault)).toEqual([
      "Pause c1 at 1 s for 15 s",
      "Pause c1 just before its write for 15 s",
      "Clock jump on redis at 2.5 s by −3 s",
      "Partition c1 from storage at 0 ms for 500 ms",
      "Delay the next message c1 → storage at 1 s by 30 s",
      "Crash c2 at 100 ms, restart after 2 s",
    ]);
  });

  it("are edited in seconds, and a bad number is named, not applied", () => {
    const pause = { kind: "pause" as const, target: "c1", atMs: 1000, forMs: 15000 };
    expect(editableFields(pause)).toEqual({ atMs: 1000, forMs: 15000 });
    expect(editableFields({ kind: "pause", target: "c1", atPhase: "holding", forMs: 5 })).toEqual({ forMs: 5 });
    expect(editableFields({ kind: "crash", target: "c1", atMs: 3 })).toEqual({ atMs: 3, restartAfterMs: null });
    expect(faultFromSeconds(pause, { atMs: "2.5", forMs: "20" })).toEqual({
      ok: true,
      fault: { ...pause, atMs: 2500, forMs: 20000 },
    });
    expect(faultFromSeconds(pause, { atMs: "soon", forMs: "-1" })).toEqual({
      ok: false,
      errors: [
        { field: "atMs", text: 'At: "soon" is not a number of seconds.' },
        { field: "forMs", text: "For: must be 0 s or more." },
      ],
    });
    expect(faultFromSeconds(pause, { forMs: "0" })).toEqual({
      ok: false,
      errors: [{ field: "forMs", text: "For: must be at least 1 ms." }],
    });
    expect(faultFromSeconds({ kind: "clock-jump", target: "c1", atMs: 0, byMs: 5 }, { byMs: "−2" })).toEqual({
      ok: true,
      fault: { kind: "clock-jump", target: "c1", atMs: 0, byMs: -2000 },
    });
    expect(
      faultFromSeconds({ kind: "crash", target: "c1", atMs: 0, restartAfterMs: 5 }, { restartAfterMs: "" }),
    ).toEqual({
      ok: true,
      fault: { kind: "crash", target: "c1", atMs: 0 },
    });
  });
});
