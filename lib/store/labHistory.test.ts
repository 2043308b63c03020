import { describe, expect, it } from "vitest";
import { withLease } from "@/lib/scenario/edits";
import { decodeLabSearch } from "@/lib/scenario/url";
import { createEditHistoryStore, EDIT_HISTORY_LIMIT } from "./labHistory";
import { createScenarioStore } from "./labScenario";

const lab = () => {
  const scenario = createScenarioStore(decodeLabSearch("?preset=gc-pause"));
  const history = createEditHistoryStore(scenario);
  history.getState().watch();
  return { scenario, history };
};
const ttl = (s: ReturnType<typeof lab>["scenario"]) => (s.getState().resolved.service as { ttlMs: number }).ttlMs;

describe("undo and redo of the lab's edits", () => {
  it("undoes an edit and redoes it, re-simulating each time", () => {
    const { scenario, history } = lab();
    scenario.getState().edit((s) => withLease(s, 20_000));
    expect(scenario.getState().result?.summary.verdict).toBe("safe");

    history.getState().undo();
    expect(ttl(scenario)).toBe(10_000);
    expect(scenario.getState().result?.summary.verdict).toBe("unsafe");

    history.getState().redo();
    expect(ttl(scenario)).toBe(20_000);
    expect(scenario.getState().result?.summary.verdict).toBe("safe");
  });

  it("brings back the preset a scenario came from when choosing another is undone", () => {
    const { scenario, history } = lab();
    scenario.getState().choosePreset("etcd-fenced");
    history.getState().undo();
    expect(scenario.getState().presetId).toBe("gc-pause");
    expect(scenario.getState().resolved.service.kind).toBe("redis");
  });

  it("forgets what could be redone once a new edit is made", () => {
    const { scenario, history } = lab();
    scenario.getState().edit((s) => withLease(s, 20_000));
    history.getState().undo();
    scenario.getState().edit((s) => withLease(s, 5_000));
    expect(history.getState().future).toEqual([]);
    history.getState().redo();
    expect(ttl(scenario)).toBe(5_000);
  });

  it(`keeps the last ${EDIT_HISTORY_LIMIT} edits, at least 20`, () => {
    expect(EDIT_HISTORY_LIMIT).toBeGreaterThanOrEqual(20);
    const { scenario, history } = lab();
    for (let i = 1; i <= EDIT_HISTORY_LIMIT + 5; i++) scenario.getState().edit((s) => withLease(s, 1000 + i * 100));
    expect(history.getState().past).toHaveLength(EDIT_HISTORY_LIMIT);
    for (let i = 0; i < EDIT_HISTORY_LIMIT; i++) history.getState().undo();
    // The oldest edits fell off: the lease is back to the sixth edit's, not the preset's.
    expect(ttl(scenario)).toBe(1000 + 5 * 100);
    history.getState().undo();
    expect(ttl(scenario)).toBe(1500);
  });

  it("does nothing with nothing to undo, and records no edit for a refused change", () => {
    const { scenario, history } = lab();
    history.getState().undo();
    expect(ttl(scenario)).toBe(10_000);
    scenario.getState().edit((s) => withLease(s, -5));
    expect(history.getState().past).toEqual([]);
  });
});
