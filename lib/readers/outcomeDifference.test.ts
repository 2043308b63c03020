import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import { simulate } from "@/lib/sim/simulate";
import { firstDivergence } from "./divergence";
import { firstOutcomeDifference } from "./outcomeDifference";

const run = (id: string) => simulate(presetById(id)!.scenario).events;

describe("the first difference that changes an outcome", () => {
  it("is the stale write storage accepts without fencing and rejects with it, not the first token at 0 s", () => {
    const [plain, fenced] = [run("gc-pause"), run("gc-pause-fenced")];
    const outcome = firstOutcomeDifference(plain, fenced)!;
    expect(outcome.a).toMatchObject({ client: "c1", accepted: true });
    expect(outcome.b).toMatchObject({ client: "c1", accepted: false });
    expect(outcome.t).toBeGreaterThan(16_000);
    expect(firstDivergence(plain, fenced)!.t).toBeLessThan(outcome.t);
  });

  it("is null when every write has the same fate", () => {
    const events = run("gc-pause");
    expect(firstOutcomeDifference(events, events)).toBeNull();
  });
});
