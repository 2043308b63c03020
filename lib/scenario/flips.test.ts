import { describe, expect, it } from "vitest";
import { presetById, presets } from "@/lib/scenario/presets";
import { simulate } from "@/lib/sim/simulate";
import { validateScenario, type Scenario } from "@/lib/sim/scenario";
import { defaultFlip, flipChoices, flipKinds, flipParam, flipScenario, parseFlip, type Flip } from "./flips";

const resolve = (s: Scenario) => {
  const v = validateScenario(s);
  if (!v.ok) throw new Error(v.errors.join("\n"));
  return v.scenario;
};
const preset = (id: string) => presetById(id)!.scenario;

describe("flips in the URL", () => {
  it("round-trip", () => {
    const flips: Flip[] = [
      { kind: "guard" },
      { kind: "service", to: "etcd" },
      { kind: "ttl", ms: 20000 },
      { kind: "check" },
      { kind: "fence-reads" },
      { kind: "monotonic" },
    ];
    for (const flip of flips) expect(parseFlip(flipParam(flip))).toEqual(flip);
  });

  it("refuse anything else", () => {
    for (const raw of [
      "",
      "fencing",
      "guard.x",
      "service",
      "service.mysql",
      "ttl",
      "ttl.0",
      "ttl.-5",
      "ttl.1e3",
      "ttl.99999999",
      "check.on",
      "guard.1.2",
    ])
      expect(parseFlip(raw), raw).toBeNull();
  });
});

describe("flipping one thing", () => {
  it("turns fencing on for gc-pause, with Redis's INCR token, and the twin is safe where the run is not", () => {
    const input = preset("gc-pause");
    const twin = flipScenario(input, resolve(input), { kind: "guard" });
    if (!twin.ok) throw new Error(twin.reason);
    expect(twin.scenario.storage?.guard).toBe("fencing");
    expect(twin.scenario.service).toMatchObject({ kind: "redis", tokens: "incr" });
    expect(twin.notes).toEqual(["Redis now hands out an INCR counter as a fencing token with each grant."]);
    expect(twin.label).toBe("Storage guard: Fencing token");
    expect(twin.original).toBe("Storage guard: None: last writer wins");
    expect(simulate(input).summary.verdict).toBe("unsafe");
    expect(simulate(twin.scenario).summary.verdict).toBe("safe");
  });

  it("keeps the seed and everything else", () => {
    const input = { ...preset("gc-pause"), seed: 42 };
    const twin = flipScenario(input, resolve(input), { kind: "check" });
    if (!twin.ok) throw new Error(twin.reason);
    expect(twin.scenario).toEqual({ ...input, clients: { ...input.clients, checkBeforeWrite: true } });
  });

  it("refuses fencing where the service issues no token, with the reason", () => {
    const input = preset("redlock-clock-jump");
    const twin = flipScenario(input, resolve(input), { kind: "guard" });
    expect(twin).toEqual({ ok: false, reason: "Redlock issues no fencing token." });
    expect(flipChoices(input, resolve(input)).find((c) => c.kind === "guard")?.reason).toBe(
      "Redlock issues no fencing token.",
    );
  });

  it("refuses fenced reads without the fencing guard, and a TTL where the service has none", () => {
    const input = preset("gc-pause");
    expect(flipScenario(input, resolve(input), { kind: "fence-reads" })).toEqual({
      ok: false,
      reason: "Fenced reads need the fencing token guard.",
    });
    const advisory: Scenario = { ...input, service: { kind: "postgres", mode: "advisory" } };
    expect(flipScenario(advisory, resolve(advisory), { kind: "ttl", ms: 1000 }).ok).toBe(false);
  });

  it("doubles the lease by default and switches between Redis and etcd", () => {
    const input = preset("gc-pause");
    expect(defaultFlip("ttl", input, resolve(input))).toEqual({ kind: "ttl", ms: 20000 });
    expect(defaultFlip("service", input, resolve(input))).toEqual({ kind: "service", to: "etcd" });
  });

  it("gives a valid twin for every preset and every kind of flip it allows", () => {
    for (const p of presets) {
      const resolved = resolve(p.scenario);
      for (const kind of flipKinds) {
        const twin = flipScenario(p.scenario, resolved, defaultFlip(kind, p.scenario, resolved));
        if (twin.ok) expect(validateScenario(twin.scenario).ok, `${p.id} / ${kind}`).toBe(true);
        else expect(twin.reason.length, `${p.id} / ${kind}`).toBeGreaterThan(5);
      }
    }
  });
});
