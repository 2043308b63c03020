import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import { withLease, withGuard } from "./edits";
import { withStream } from "@/lib/scenario/trafficSliders";
import { changesBetween, changeText } from "./editSummary";

const gcPause = presetById("gc-pause")!.scenario;

describe("what an edit changed from its preset", () => {
  it("names the control, the old and the new value", () => {
    expect(changesBetween(gcPause, withLease(gcPause, 20000)).map(changeText)).toEqual(["Lease TTL: 10 s → 20 s"]);
  });

  it("lists every control that differs, and nothing for an untouched preset", () => {
    expect(changesBetween(gcPause, gcPause)).toEqual([]);
    const both = changesBetween(gcPause, withGuard(withLease(gcPause, 20000), "cas"));
    expect(both.map((c) => c.what)).toEqual(["Storage guard", "Lease TTL"]);
  });

  it("shows what turning Traffic on also changed: the clients and their work", () => {
    const whats = changesBetween(gcPause, withStream(gcPause)).map(changeText);
    expect(whats).toContain("Clients: 2 → 8");
    expect(whats).toContain("Work time: 2 s → 50 ms");
    expect(whats.some((w) => w.startsWith("Workload:"))).toBe(true);
  });
});
