import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import { simulate } from "@/lib/sim";
import { formatDuration } from "@/lib/sim/format";
import { firstViolationHeading, incompleteText, keyCounts, verdictOf } from "./summaryText";

const outcome = (id: string) => {
  const r = simulate(presetById(id)!.scenario);
  return { verdict: verdictOf(r.summary, r.scenario), counts: keyCounts(r.summary, r.scenario) };
};

describe("the outcome in words", () => {
  it("says Unsafe and what was damaged", () => {
    const { verdict, counts } = outcome("gc-pause");
    expect(verdict).toEqual({ word: "Unsafe", sentence: "The data was damaged: 1 update lost." });
    expect(counts[0]).toBe("The counter ends at 1 after 2 increments: 1 update lost.");
  });

  it("says Safe when fencing rejected the stale write, although two clients believed", () => {
    const { verdict, counts } = outcome("gc-pause-fenced");
    expect(verdict.word).toBe("Safe");
    expect(verdict.sentence).toContain("two clients believed they held the lock at once");
    expect(counts).toContain("Storage accepted 2 writes and rejected 1.");
    expect(counts).toContain("The lock service granted the lock 3 times with tokens 1, 2, 3.");
  });

  it("gives many grants' tokens as a range with thousands separated, never a list of zeros", () => {
    const r = simulate(presetById("gc-pause-fenced")!.scenario);
    const perKey = keyCounts({ ...r.summary, grants: 9720, tokens: [0, 0, 0, 1, 0, 4, 0, 0, 2, 0] }, r.scenario);
    expect(perKey).toContain("The lock service granted the lock 9,720 times with tokens from 0 to 4.");
    const same = keyCounts({ ...r.summary, grants: 12, tokens: Array<number>(12).fill(0) }, r.scenario);
    expect(same).toContain("The lock service granted the lock 12 times, every one with token 0.");
    expect([...perKey, ...same].join(" ")).not.toMatch(/0, 0, 0/);
    expect(keyCounts({ ...r.summary, counter: 9720, lostUpdates: 0 }, r.scenario)[0]).toBe(
      "The counter ends at 9,720: no update lost.",
    );
  });

  it("counts cron runs", () => {
    const { verdict, counts } = outcome("cron-double-run");
    expect(verdict.sentence).toBe("The data was damaged: 1 run done twice.");
    expect(counts[0]).toBe("1 run happened twice.");
  });

  it("counts the time clients worked at once, beyond what they believed", () => {
    const r = simulate({
      version: 1,
      service: { kind: "redis", ttlMs: 5000 },
      clients: { count: 2, startMs: [0, 100], workMs: 8000 },
    });
    expect(r.summary.overlapMs).toBe(0);
    expect(keyCounts(r.summary, r.scenario)).toContain(
      `Clients worked on the data at once (from taking the lock to finishing the write) for ${formatDuration(r.summary.concurrentSectionsMs)} in all.`,
    );
  });

  it("never calls a run safe while a stale write is on its way", () => {
    const r = simulate({
      version: 1,
      durationMs: 30000,
      service: { kind: "redis", ttlMs: 5000 },
      clients: { count: 2, startMs: [0, 100], workMs: 2000 },
      faults: [{ kind: "pause", target: "c1", atMs: 1000, forMs: 40000 }],
    });
    expect(verdictOf(r.summary, r.scenario)).toEqual({
      word: "Undecided",
      sentence:
        "No data was damaged yet, but a stale write was still on the way when the run ended: the verdict may change if the run were longer.",
    });
    expect(keyCounts(r.summary, r.scenario)).toContain(
      "1 write still to come when the run ended, 1 of them after the writer's lease had ended.",
    );
  });
});

describe("a run that stopped at the event limit", () => {
  const cut = (id: string) => {
    const r = simulate(presetById(id)!.scenario, { maxEvents: 60 });
    return { r, verdict: verdictOf(r.summary, r.scenario) };
  };

  it("is never called Safe: it says where it stopped", () => {
    const { r, verdict } = cut("gc-pause");
    expect(r.summary.verdict).toBe("safe");
    expect(verdict.word).toBe("Incomplete");
    expect(verdict.sentence).toBe(
      `The run is incomplete: stopped at the event limit at ${(r.summary.incomplete!.atMs / 1000).toFixed(1)} s: no data was damaged up to then, and what came after is unknown.`,
    );
    expect(incompleteText(r.summary)).toMatch(/^incomplete: stopped at the event limit at \d+\.\d s$/);
  });

  it("that was already unsafe stays Unsafe, and says it may hold more", () => {
    const r = simulate(presetById("gc-pause")!.scenario);
    const truncated = { ...r.summary, incomplete: { atMs: 183_240 } };
    expect(verdictOf(truncated, r.scenario)).toEqual({
      word: "Unsafe",
      sentence:
        "The data was damaged: 1 update lost. The run is incomplete: stopped at the event limit at 183.2 s; it may hold more.",
    });
  });

  it("heads a run's first violation as damage only when the data was damaged", () => {
    const heading = (id: string) => {
      const r = simulate(presetById(id)!.scenario);
      return firstViolationHeading(r.violations[0]!, verdictOf(r.summary, r.scenario));
    };
    expect(heading("gc-pause")).toEqual({ text: "First violation, at 10.0 s", damage: true });
    // Fenced, the same overlap of beliefs did no damage: no "First violation" under a Safe badge.
    expect(heading("gc-pause-fenced")).toEqual({
      text: "More than one client believed it held the lock, at 10.0 s: the data was not damaged",
      damage: false,
    });
  });
});
