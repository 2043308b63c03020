import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import { validateScenario, type Scenario } from "@/lib/sim/scenario";
import { settle } from "./edits";
import {
  powersOfTwoScale,
  rateScale,
  routingOf,
  shareScale,
  trafficSliders,
  withRouting,
  withStream,
} from "./trafficSliders";

const resolve = (s: Scenario) => {
  const v = validateScenario(s);
  if (!v.ok) throw new Error(v.errors.join("\n"));
  return v.scenario;
};
const preset = (id: string) => presetById(id)!.scenario;
const slider = (id: string) => trafficSliders.find((s) => s.id === id)!;

describe("traffic sliders", () => {
  it("are named as the issue asks", () => {
    expect(trafficSliders.map((s) => s.label)).toEqual(["Traffic", "Keys", "Hot key share"]);
  });

  it("write the value they read back, at every step, on a stream scenario", () => {
    const base = preset("hot-key");
    for (const spec of trafficSliders) {
      for (let position = 0; position <= spec.scale.max; position++) {
        const value = spec.scale.toValue(position);
        const after = resolve(settle(spec.apply(base, value, resolve(base))).scenario);
        expect(spec.read(base, after), `${spec.label} at ${position}`).toEqual(value);
        expect(spec.scale.toPosition(value)).toBe(position);
      }
    }
  });

  it("land on the presets' rates and keys exactly", () => {
    const traffic = slider("traffic").scale;
    for (const rate of [4, 40, 200]) expect(traffic.toValue(traffic.toPosition(rate))).toBe(rate);
    expect(powersOfTwoScale(10).toValue(4)).toBe(16);
    expect(shareScale(0.05).toValue(18)).toBeCloseTo(0.9);
  });

  it("keeps steps distinct, so every key press changes the rate", () => {
    const scale = rateScale(1, 1000, 30);
    const values = Array.from({ length: 31 }, (_, p) => scale.toValue(p));
    expect(new Set(values).size).toBe(31);
    expect(values[0]).toBe(1);
    expect(values[30]).toBe(1000);
  });

  it("switch a counter scenario to a stream with the everyday preset's workers", () => {
    const gc = preset("gc-pause");
    const moved = resolve(settle(slider("traffic").apply(gc, 10, resolve(gc))).scenario);
    expect(moved.workload).toMatchObject({ kind: "stream", ratePerSec: 10, keys: 1 });
    expect(moved.clients.count).toBe(8);
    expect(moved.clients.workMs).toBe(50);
  });

  it("keep the rest of a stream when one field changes", () => {
    const hot = preset("hot-key");
    expect(withStream(hot, { ratePerSec: 80 }).workload).toEqual({
      kind: "stream",
      ratePerSec: 80,
      keys: 16,
      hotKeyShare: 0.9,
    });
    expect(slider("hotKey").apply(hot, null, resolve(hot)).workload).toEqual({
      kind: "stream",
      ratePerSec: 40,
      keys: 16,
    });
    expect(routingOf(resolve(withRouting(hot, "owner")))).toBe("owner");
  });

  it("say why a hot key does not apply", () => {
    expect(slider("hotKey").availability(resolve(preset("traffic-10x")))).toMatchObject({
      ok: false,
      reason: expect.stringContaining("raise Keys"),
    });
    expect(slider("hotKey").availability(resolve(preset("gc-pause")))).toMatchObject({
      ok: false,
      reason: expect.stringContaining("stream"),
    });
    expect(slider("hotKey").availability(resolve(preset("hot-key")))).toEqual({ ok: true });
    expect(slider("traffic").format(null, resolve(preset("gc-pause")))).toBe("off");
    expect(slider("traffic").format(40, resolve(preset("traffic-10x")))).toBe("40 jobs/s");
  });
});
