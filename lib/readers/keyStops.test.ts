import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import { simulate } from "@/lib/sim/simulate";
import { keyStopsOf } from "./keyStops";
import { timelineModel } from "./timelineModel";

describe("the key stops of a run", () => {
  const result = simulate(presetById("gc-pause")!.scenario);
  const model = timelineModel(result);
  const key = [...model.stops.key];

  it("reach gc-pause's stale write in a handful of steps, not hundreds", () => {
    const staleWrite = result.violations[0]!.t;
    const steps = key.filter((t) => t <= staleWrite).length;
    expect(steps).toBeLessThan(15);
    expect(model.stops.all.filter((t) => t <= staleWrite).length).toBeGreaterThan(steps * 5);
  });

  it("include every grant, write and violation, in time order, once each", () => {
    for (const e of result.events)
      if (e.kind === "grant" || e.kind === "write" || e.kind === "pause-start") expect(key).toContain(e.t);
    for (const v of result.violations) expect(key).toContain(v.t);
    for (let i = 1; i < key.length; i++) expect(key[i]).toBeGreaterThan(key[i - 1]!);
  });

  it("skip messages", () => {
    const sends = result.events.filter((e) => e.kind === "send").map((e) => e.t);
    const onlyMessages = sends.filter(
      (t) => !result.events.some((e) => e.t === t && e.kind !== "send" && e.kind !== "deliver" && e.kind !== "drop"),
    );
    expect(onlyMessages.length).toBeGreaterThan(0);
    for (const t of onlyMessages) expect([...keyStopsOf(result.events, result.violations)]).not.toContain(t);
  });
});
