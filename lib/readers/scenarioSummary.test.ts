import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import { simulate } from "@/lib/sim";
import { scenarioSummary } from "./scenarioSummary";

const summary = (id: string) => scenarioSummary(simulate(presetById(id)!.scenario).scenario);

describe("a scenario told before its run starts", () => {
  it("names Redlock's five nodes, the lease, the clients, the guard and each fault", () => {
    const lines = Object.fromEntries(summary("redlock-clock-jump").map((l) => [l.label, l.text]));
    expect(lines["Lock service"]).toMatch(
      /^Redlock \(Redis nodes, majority\), nodes r1, r2, r3, r4(,)? and r5, lease \d/,
    );
    expect(lines.Clients).toBe("2 clients; Counter: read, add one, write");
    expect(lines["Storage guard"]).toBe("None: last writer wins");
    expect(lines.Faults).toMatch(/Partition .*; Clock jump on r3 at 2 s by \+30 s/);
  });

  it("says when no fault is injected", () => {
    expect(summary("no-lock").at(-1)).toEqual({ label: "Faults", text: "none injected" });
    expect(summary("no-lock")[0]!.text).toBe("No lock");
  });
});
