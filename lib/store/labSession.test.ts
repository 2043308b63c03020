import { describe, expect, it } from "vitest";
import type { Runner } from "@/lib/workers/simRunner";
import { simulate, type SimResult } from "@/lib/sim/simulate";
import { TestLab } from "./testing";

describe("a lab session", () => {
  it("opens a preset's run at once, with the playhead's range set to it", () => {
    const lab = TestLab.open("?preset=gc-pause");
    expect(lab.summary.verdict).toBe("unsafe");
    expect(lab.session.playback.getState().endT).toBe(lab.result.scenario.durationMs);
    lab.close();
  });

  it("re-simulates on an edit, and the playhead follows the new run's length", () => {
    const lab = TestLab.open("?preset=gc-pause");
    lab.edit((s) => ({ ...s, durationMs: 30_000, service: { kind: "redis", ttlMs: 20_000 } }));
    expect(lab.result.scenario.durationMs).toBe(30_000);
    expect(lab.summary.verdict).toBe("safe");
    expect(lab.session.playback.getState().endT).toBe(30_000);
    lab.close();
  });

  it("holds the playhead at the question's moment while the learner predicts", () => {
    const lab = TestLab.open("?preset=gc-pause").seek(40_000).predict();
    const limit = lab.session.playback.getState().limitT;
    expect(limit).not.toBeNull();
    expect(lab.playhead).toBe(limit);
    lab.seek(50_000);
    expect(lab.playhead).toBe(limit);
    lab.predict(false);
    expect(lab.session.playback.getState().limitT).toBeNull();
    lab.close();
  });

  it("keeps only the latest of several background runs", async () => {
    // A runner whose runs finish when the test says, in any order.
    const pending: { scenario: Parameters<Runner>[0]; resolve: (r: SimResult) => void }[] = [];
    const slow: Runner = (scenario, large) => (large ? new Promise<SimResult>((resolve) => pending.push({ scenario, resolve })) : simulate(scenario));
    const lab = TestLab.open("?preset=gc-pause", (scenario) => slow(scenario, true));
    await Promise.resolve();
    lab.edit((s) => ({ ...s, seed: 2 }));
    lab.edit((s) => ({ ...s, seed: 3 }));
    // Finish the newest first, then the older ones: the older results must not replace it.
    for (const run of [...pending].reverse()) run.resolve(simulate(run.scenario));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(lab.result.scenario.seed).toBe(3);
    lab.close();
  });
});
