import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createLabProgressStore,
  labProgressHydrate,
  LAB_PROGRESS_KEY,
  LAB_PROGRESS_VERSION,
  type LabProgressStore,
} from "./labProgress";

/** A Map-backed localStorage for node. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

async function hydrated(): Promise<LabProgressStore> {
  const store = createLabProgressStore();
  labProgressHydrate(store);
  await new Promise((resolve) => setTimeout(resolve, 0));
  return store;
}

const prediction = {
  question: "Will any update be lost?",
  choice: "yes",
  correct: true,
  at: "2026-01-01T00:00:00.000Z",
};

describe("the lab's saved predictions", () => {
  beforeEach(() => {
    globalThis.localStorage = memoryStorage();
  });
  // The test files share their modules and globals (vitest.config.ts): leave none behind.
  afterEach(() => {
    delete (globalThis as { localStorage?: Storage }).localStorage;
  });

  it("are saved and read back, with their version", async () => {
    const store = await hydrated();
    store.getState().recordPrediction("abc:lost-update", prediction);
    expect(JSON.parse(localStorage.getItem(LAB_PROGRESS_KEY)!)).toEqual({
      state: { predictions: { "abc:lost-update": prediction } },
      version: LAB_PROGRESS_VERSION,
    });
    const again = await hydrated();
    expect(again.getState().progress.predictions["abc:lost-update"]).toEqual(prediction);
    expect(again.getState().damage).toBeNull();
  });

  it("that cannot be read are kept aside, not thrown away, and the learner is told", async () => {
    localStorage.setItem(
      LAB_PROGRESS_KEY,
      JSON.stringify({ state: { predictions: { x: { choice: 3 } } }, version: LAB_PROGRESS_VERSION }),
    );
    const store = await hydrated();
    const damage = store.getState().damage!;
    expect(damage.reason).toContain("predictions.x");
    expect(damage.keptUnder).toMatch(/^lease-lab:lab-progress:damaged:/);
    expect(localStorage.getItem(damage.keptUnder!)).toContain('"choice":3');
    expect(store.getState().progress.predictions).toEqual({});
  });

  it.each([
    ["42", "it holds the number 42, not saved progress"],
    ["[1,2]", "it holds a list, not saved progress"],
    [JSON.stringify({ version: LAB_PROGRESS_VERSION }), "it has a version but no progress in it"],
  ])("that are valid JSON but not a save (%s) are kept aside too", async (raw, reason) => {
    localStorage.setItem(LAB_PROGRESS_KEY, raw);
    const store = await hydrated();
    const damage = store.getState().damage!;
    expect(damage.reason).toBe(reason);
    expect(localStorage.getItem(damage.keptUnder!)).toBe(raw);
  });

  it("from an unknown version are kept aside too", async () => {
    localStorage.setItem(LAB_PROGRESS_KEY, JSON.stringify({ state: { predictions: {} }, version: 99 }));
    const store = await hydrated();
    expect(store.getState().damage?.reason).toContain("version 99");
  });
});
