/**
 * The learner's progress store: a factory, so each <ProgressProvider> owns its store (no global
 * singleton). Progress is persisted to localStorage, versioned and migrated; hydration waits for
 * the provider to mount (skipHydration), so the static HTML and the first client render agree.
 * Saved progress that cannot be read is moved aside and the learner is told; the app goes on.
 */
import { createStore } from "zustand";
import { persist } from "zustand/middleware";
import { progressMigrate } from "./progressMigrate";
import {
  PROGRESS_VERSION,
  progressEmpty,
  progressParse,
  type DrillAttempt,
  type Grade,
  type Progress,
  type VisitKind,
} from "./progressSchema";
import { challengeSolved, type ChallengeScore } from "./progressChallenges";
import { codeLevelPassed, type CodePass } from "./progressCode";
import { PROGRESS_KEY, progressErrorReason, progressQuarantine, progressStorage } from "./progressStorage";
import {
  drillAttemptUpdate,
  drillRate,
  drillRestart,
  lessonUnderstood,
  predictionAnswer,
  predictionReview,
  progressVisit,
  questionReview,
  type PredictionAnswer,
  quizAnswer,
  quizRestart,
  type QuizAnswer,
} from "./progressUpdate";

/** Something the learner must be told about their saved progress. */
export type ProgressNotice = { kind: "damaged"; reason: string; keptUnder: string | null } | { kind: "unavailable" };

export interface ProgressState {
  progress: Progress;
  /** False until saved progress has been read (or found missing or damaged) on this page. */
  hydrated: boolean;
  notice: ProgressNotice | null;
  /** Why the latest change could not be saved (storage is full): it lives in this page only. Null once saved. */
  unsaved: string | null;
  answerQuestion: (answer: QuizAnswer, now?: Date) => void;
  restartQuiz: (slug: string) => void;
  reviewQuestion: (questionId: string, correct: boolean, now?: Date) => void;
  answerPrediction: (answer: PredictionAnswer, now?: Date) => void;
  /** `key`: "<lesson slug>/<prediction id>". */
  reviewPrediction: (key: string, correct: boolean, now?: Date) => void;
  updateDrillAttempt: (slug: string, patch: Partial<Omit<DrillAttempt, "rating">>) => void;
  rateDrill: (slug: string, grade: Grade, now?: Date) => void;
  restartDrill: (slug: string) => void;
  visit: (kind: VisitKind, slug: string, now?: Date) => void;
  setLessonUnderstood: (slug: string, understood: boolean, now?: Date) => void;
  setNumberKeys: (enabled: boolean) => void;
  solveChallenge: (slug: string, score: ChallengeScore, now?: Date) => void;
  /** Records a code level passed (progressCode.ts). */
  passCodeLevel: (slug: string, pass: CodePass, now?: Date) => void;
  /** Replaces all progress with an imported copy (already validated). */
  replaceProgress: (progress: Progress) => void;
  dismissNotice: () => void;
}

export type ProgressStore = ReturnType<typeof createProgressStore>;

export function createProgressStore() {
  const store = createStore<ProgressState>()(
    persist(
      (set) => {
        const update = (change: (progress: Progress) => Progress) =>
          set((state) => ({ progress: change(state.progress) }));
        return {
          progress: progressEmpty(),
          hydrated: false,
          notice: null,
          unsaved: null,
          answerQuestion: (answer, now = new Date()) => update((p) => quizAnswer(p, answer, now)),
          restartQuiz: (slug) => update((p) => quizRestart(p, slug)),
          reviewQuestion: (questionId, correct, now = new Date()) =>
            update((p) => questionReview(p, questionId, correct, now)),
          answerPrediction: (answer, now = new Date()) => update((p) => predictionAnswer(p, answer, now)),
          reviewPrediction: (key, correct, now = new Date()) => update((p) => predictionReview(p, key, correct, now)),
          updateDrillAttempt: (slug, patch) => update((p) => drillAttemptUpdate(p, slug, patch)),
          rateDrill: (slug, grade, now = new Date()) => update((p) => drillRate(p, slug, grade, now)),
          restartDrill: (slug) => update((p) => drillRestart(p, slug)),
          visit: (kind, slug, now = new Date()) => update((p) => progressVisit(p, kind, slug, now)),
          setLessonUnderstood: (slug, understood, now = new Date()) =>
            update((p) => lessonUnderstood(p, slug, understood, now)),
          setNumberKeys: (enabled) => update((p) => ({ ...p, settings: { ...p.settings, numberKeys: enabled } })),
          solveChallenge: (slug, score, now = new Date()) => update((p) => challengeSolved(p, slug, score, now)),
          passCodeLevel: (slug, pass, now = new Date()) => update((p) => codeLevelPassed(p, slug, pass, now)),
          replaceProgress: (progress) => set({ progress }),
          dismissNotice: () => set({ notice: null }),
        };
      },
      {
        name: PROGRESS_KEY,
        version: PROGRESS_VERSION,
        // Only a change of outcome is set: setting state saves again, which must not loop.
        storage: progressStorage((failure) => {
          if (store.getState().unsaved !== failure) store.setState({ unsaved: failure });
        }),
        skipHydration: true,
        partialize: (state) => state.progress,
        migrate: (saved, version) => progressMigrate(saved, version),
        // Saved progress at the current version is validated here; a throw counts as damage.
        merge: (saved, current) => (saved === undefined ? current : { ...current, progress: progressParse(saved) }),
        onRehydrateStorage: () => (_state, error) => {
          // Move the damaged value aside before anything is saved over it.
          const notice: ProgressNotice | null = error
            ? {
                kind: "damaged",
                reason: progressErrorReason(error),
                keptUnder: progressQuarantine(localStorage, new Date()),
              }
            : null;
          store.setState({ hydrated: true, notice });
        },
      },
    ),
  );
  return store;
}

/** Reads saved progress into the store; call once the component that owns it has mounted. */
export function progressHydrate(store: ProgressStore): void {
  // Without storage (blocked by the browser) there is nothing to read and nothing will be saved.
  if (!store.persist) {
    store.setState({ hydrated: true, notice: { kind: "unavailable" } });
    return;
  }
  void store.persist.rehydrate();
}
