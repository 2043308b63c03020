/**
 * The lab's own slice of the learner's progress: the predictions they made in predict mode and
 * whether each was right. A small persisted store of its own (the shared progress store holds
 * quizzes and drills); created per provider, hydrated after mount (skipHydration) so the static
 * HTML and the first client render agree, versioned with a migrate step, and a saved value that
 * cannot be read is moved aside under another key, never thrown away.
 */
import { z } from "zod";
import { createStore } from "zustand";
import { createJSONStorage, persist, type PersistStorage } from "zustand/middleware";
import { readSave } from "./progressStorage";

export const LAB_PROGRESS_KEY = "lease-lab:lab-progress";
/** Bump when the saved shape changes, and teach `labProgressMigrate` the step. */
export const LAB_PROGRESS_VERSION = 1;

const predictionSchema = z.strictObject({
  question: z.string().max(500),
  choice: z.string().max(100),
  correct: z.boolean(),
  at: z.iso.datetime(),
});

const labProgressSchema = z.strictObject({
  /** By prediction key: the scenario's code and the question's id. */
  predictions: z.record(z.string().max(25_000), predictionSchema),
});

export type LabProgress = z.infer<typeof labProgressSchema>;
export type Prediction = z.infer<typeof predictionSchema>;

export function labProgressParse(saved: unknown): LabProgress {
  const parsed = labProgressSchema.safeParse(saved);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!; // a failed parse has at least one issue
    throw new Error(`${issue.path.join(".") || "saved predictions"}: ${issue.message}`);
  }
  return parsed.data;
}

/** Saved predictions from an older version, brought up to this one (there is none older yet). */
export function labProgressMigrate(saved: unknown, version: number): LabProgress {
  throw new Error(`the saved predictions are from version ${version}, which this version of Lease Lab cannot read`);
}

export interface LabProgressState {
  progress: LabProgress;
  hydrated: boolean;
  /** Why saved predictions could not be read, and where they were kept; null when all is well. */
  damage: { reason: string; keptUnder: string | null } | null;
  recordPrediction: (key: string, prediction: Prediction) => void;
}

function storage(): PersistStorage<LabProgress> | undefined {
  const json = createJSONStorage<LabProgress>(() => localStorage);
  if (!json) return undefined;
  return {
    ...json,
    // Valid JSON that is not a save is damage too, moved aside rather than overwritten.
    getItem: (name) => readSave<LabProgress>(localStorage, name),
    setItem: (name, value) => {
      try {
        json.setItem(name, value);
      } catch {
        // Storage full or blocked: predictions still count for this visit.
      }
    },
  };
}

/** Moves an unreadable saved value aside; returns the key it was kept under, or null. */
export function labProgressQuarantine(store: Storage, now: Date): string | null {
  const raw = store.getItem(LAB_PROGRESS_KEY);
  if (raw === null) return null;
  const key = `${LAB_PROGRESS_KEY}:damaged:${now.toISOString()}`;
  try {
    store.setItem(key, raw);
  } catch {
    return null;
  }
  store.removeItem(LAB_PROGRESS_KEY);
  return key;
}

export type LabProgressStore = ReturnType<typeof createLabProgressStore>;

export function createLabProgressStore() {
  const store = createStore<LabProgressState>()(
    persist(
      (set) => ({
        progress: { predictions: {} },
        hydrated: false,
        damage: null,
        recordPrediction: (key, prediction) =>
          set((state) => ({ progress: { predictions: { ...state.progress.predictions, [key]: prediction } } })),
      }),
      {
        name: LAB_PROGRESS_KEY,
        version: LAB_PROGRESS_VERSION,
        storage: storage(),
        skipHydration: true,
        partialize: (state) => state.progress,
        migrate: labProgressMigrate,
        merge: (saved, current) => (saved === undefined ? current : { ...current, progress: labProgressParse(saved) }),
        onRehydrateStorage: () => (_state, error) => {
          const damage = error
            ? {
                reason: error instanceof Error ? error.message : String(error),
                keptUnder: labProgressQuarantine(localStorage, new Date()),
              }
            : null;
          store.setState({ hydrated: true, damage });
        },
      },
    ),
  );
  return store;
}

/** Reads saved predictions; call once the component that owns the store has mounted. */
export function labProgressHydrate(store: LabProgressStore): void {
  if (!store.persist) {
    store.setState({ hydrated: true });
    return;
  }
  void store.persist.rehydrate();
}
