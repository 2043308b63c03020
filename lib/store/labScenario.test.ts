import { describe, expect, it } from "vitest";
import { simulate, type SimResult } from "@/lib/sim/simulate";
import { withGuard, withLease, withService } from "@/lib/lab/edits";
import { decodeLabSearch } from "@/lib/lab/url";
import { createScenarioStore } from "./labScenario";

const open = (search: string, run?: (s: Parameters<typeof simulate>[0], large: boolean) => SimResult | Promise<SimResult>) => createScenarioStore(decodeLabSearch(search), run);

describe("the lab's scenario store", () => {
  it("opens with the run already simulated when it is small", () => {
    const store = open("?preset=gc-pause");
    expect(store.getState().pending).toBe(false);
    expect(store.getState().result?.summary.verdict).toBe("unsafe");
  });

  it("re-simulates at once on every change", () => {
    const store = open("?preset=gc-pause");
    store.getState().edit((s) => withLease(s, 20_000));
    expect(store.getState().result?.summary.verdict).toBe("safe");
    expect(store.getState().presetId).toBe("gc-pause");
  });

  it("says what else it changed to keep the scenario valid", () => {
    const store = open("?preset=gc-pause-fenced");
    store.getState().edit((s, r) => withService(s, r, "redlock"));
    expect(store.getState().resolved.storage.guard).toBe("none");
    expect(store.getState().notices).toMatchObject([{ tone: "info", items: ["Storage guard set to none: Redlock issues no fencing token."] }]);
  });

  it("refuses a change that would make the scenario invalid, keeping the one it had", () => {
    const store = open("?preset=gc-pause");
    const before = store.getState().scenario;
    store.getState().edit((s) => withLease(s, -5));
    expect(store.getState().scenario).toBe(before);
    expect(store.getState().notices[0]).toMatchObject({ tone: "error", items: ["service.ttlMs: must be ≥ 1"] });
  });

  it("tells the learner when a link could not be opened", () => {
    const store = open("?preset=nope");
    expect(store.getState().presetId).toBe("gc-pause");
    expect(store.getState().notices[0]).toMatchObject({ tone: "error", title: "This link could not be opened, so the lab opened the default scenario" });
  });

  it("keeps only the newest run's result when runs finish out of order", async () => {
    const pending: { resolve: (r: SimResult) => void; scenario: Parameters<typeof simulate>[0] }[] = [];
    const store = open("?preset=gc-pause", (scenario) => new Promise<SimResult>((resolve) => pending.push({ resolve, scenario })));
    await Promise.resolve();
    expect(store.getState().pending).toBe(true);
    store.getState().edit((s) => withGuard(s, "fencing"));
    store.getState().edit((s) => withLease(s, 30_000));
    const [older, newer] = pending.slice(-2);
    newer.resolve(simulate(newer.scenario));
    await Promise.resolve();
    older.resolve(simulate(older.scenario));
    await Promise.resolve();
    expect(store.getState().pending).toBe(false);
    expect(store.getState().result?.scenario.service).toMatchObject({ ttlMs: 30_000 });
  });

  it("reports a run that fails, and keeps the last result", () => {
    let fail = false;
    const store = open("?preset=gc-pause", (scenario) => {
      if (fail) throw new Error("the engine broke");
      return simulate(scenario);
    });
    const result = store.getState().result;
    fail = true;
    store.getState().edit((s) => withLease(s, 11_000));
    expect(store.getState().result).toBe(result);
    expect(store.getState().notices.at(-1)).toMatchObject({ tone: "error", items: ["the engine broke"] });
  });

  it("hides nothing until predict mode is on, and reveals only after a choice", () => {
    const store = open("?preset=gc-pause&predict=1");
    expect(store.getState().predict).toMatchObject({ on: true, revealed: false });
    store.getState().reveal();
    expect(store.getState().predict.revealed).toBe(false);
    store.getState().choose("yes");
    store.getState().reveal();
    expect(store.getState().predict).toMatchObject({ choice: "yes", revealed: true });
    store.getState().edit((s) => withLease(s, 12_000));
    expect(store.getState().predict).toMatchObject({ on: true, choice: null, revealed: false });
  });
});
