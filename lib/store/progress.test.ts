import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createProgressStore, progressHydrate } from "./progress";
import { PROGRESS_VERSION, progressEmpty } from "./progressSchema";
import { progressExport } from "./progressTransfer";
import { PROGRESS_KEY } from "./progressStorage";
import { MemoryStorage } from "./memoryStorage";

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  Object.defineProperty(globalThis, "localStorage", { value: storage, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, "localStorage");
});

const answer = { setSlug: "s", questionIds: ["s/q1"], questionId: "s/q1", chosen: [0], correct: true };

describe("the progress store", () => {
  it("does not read saved progress until hydrated, then saves every change", () => {
    const saved = { ...progressEmpty(), settings: { numberKeys: false } };
    storage.setItem(PROGRESS_KEY, JSON.stringify({ state: saved, version: PROGRESS_VERSION }));
    const store = createProgressStore();
    expect(store.getState()).toMatchObject({ hydrated: false, progress: progressEmpty() });

    progressHydrate(store);
    expect(store.getState()).toMatchObject({ hydrated: true, notice: null, progress: saved });

    store.getState().answerQuestion(answer, new Date("2025-03-01T09:00:00.000Z"));
    const written = JSON.parse(storage.getItem(PROGRESS_KEY)!);
    expect(written.version).toBe(PROGRESS_VERSION);
    expect(written.state.quizzes.s.best).toEqual({ correct: 1, total: 1 });
    expect(Object.keys(written.state)).not.toContain("hydrated");
  });

  it("starts empty when nothing is saved", () => {
    const store = createProgressStore();
    progressHydrate(store);
    expect(store.getState()).toMatchObject({ hydrated: true, notice: null, progress: progressEmpty() });
  });

  for (const [name, raw, reason] of [
    ["not JSON", "{ oops", "it is not valid JSON"],
    [
      "the wrong shape",
      JSON.stringify({ state: { quizzes: 3 }, version: PROGRESS_VERSION }),
      "quizzes: Invalid input: expected record, received number",
    ],
    [
      "from a newer version",
      JSON.stringify({ state: {}, version: PROGRESS_VERSION + 1 }),
      `it was saved by a newer version of Lease Lab (progress version ${PROGRESS_VERSION + 1}; this one reads up to ${PROGRESS_VERSION})`,
    ],
    // Valid JSON that is not a save at all: each was once taken for "nothing saved" and overwritten.
    ["a number", "42", "it holds the number 42, not saved progress"],
    ["a string", '"hello"', "it holds a piece of text, not saved progress"],
    ["a list", "[1,2]", "it holds a list, not saved progress"],
    ["null", "null", "it holds null, not saved progress"],
    ["a version alone", JSON.stringify({ version: PROGRESS_VERSION }), "it has a version but no progress in it"],
    ["state with no version", JSON.stringify({ state: {} }), "it has no progress version, so it is not a save"],
    [
      "an export file pasted in",
      progressExport(progressEmpty(), new Date("2025-03-01T09:00:00.000Z")),
      "it holds a progress export file, not a save (use “Import progress” to load an export)",
    ],
  ] as const) {
    it(`moves damaged progress (${name}) aside, says why, and keeps working`, () => {
      storage.setItem(PROGRESS_KEY, raw);
      const store = createProgressStore();
      progressHydrate(store);

      const { notice, hydrated } = store.getState();
      expect(hydrated).toBe(true);
      expect(notice).toEqual({
        kind: "damaged",
        reason,
        keptUnder: expect.stringMatching(/^lease-lab:progress:damaged:/),
      });
      if (notice?.kind !== "damaged" || !notice.keptUnder) throw new Error("no copy kept");
      expect(storage.getItem(notice.keptUnder)).toBe(raw);

      store.getState().answerQuestion(answer);
      expect(JSON.parse(storage.getItem(PROGRESS_KEY)!).state.quizzes.s.attempts).toBe(1);
      expect(storage.getItem(notice.keptUnder)).toBe(raw);
    });
  }

  it("says at once when storage is full and a change is not saved, and stops saying so once a save succeeds", () => {
    const store = createProgressStore();
    progressHydrate(store);
    const setItem = storage.setItem.bind(storage);
    storage.setItem = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
    store.getState().answerQuestion(answer);
    expect(store.getState().unsaved).toBe("this browser's storage for Lease Lab is full");
    expect(store.getState().progress.quizzes.s!.attempts).toBe(1);
    expect(JSON.parse(storage.getItem(PROGRESS_KEY) ?? "{}").state?.quizzes?.s).toBeUndefined();

    // The learner frees some space: the next change saves everything, the answer before it too.
    storage.setItem = setItem;
    store.getState().answerQuestion({ ...answer, setSlug: "t", questionIds: ["t/q1"], questionId: "t/q1" });
    expect(store.getState().unsaved).toBeNull();
    expect(Object.keys(JSON.parse(storage.getItem(PROGRESS_KEY)!).state.quizzes)).toEqual(["s", "t"]);
  });
});
