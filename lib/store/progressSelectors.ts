/** Module-level selectors for the progress store: components select single values with these. */
import type { ProgressState } from "./progress";
import { drillProgress, quizSetProgress } from "./progressUpdate";

export const selectHydrated = (s: ProgressState) => s.hydrated;
export const selectNotice = (s: ProgressState) => s.notice;
export const selectUnsaved = (s: ProgressState) => s.unsaved;
export const selectProgress = (s: ProgressState) => s.progress;
export const selectQuizzes = (s: ProgressState) => s.progress.quizzes;
export const selectQuestionCards = (s: ProgressState) => s.progress.questions;
export const selectDrills = (s: ProgressState) => s.progress.drills;
export const selectLessons = (s: ProgressState) => s.progress.lessons;
export const selectLastVisited = (s: ProgressState) => s.progress.lastVisited;
export const selectPredictions = (s: ProgressState) => s.progress.predictions;
export const selectChallenges = (s: ProgressState) => s.progress.challenges;
export const selectSolveChallenge = (s: ProgressState) => s.solveChallenge;
export const selectCodeLevels = (s: ProgressState) => s.progress.code;
export const selectPassCodeLevel = (s: ProgressState) => s.passCodeLevel;
export const selectNumberKeys = (s: ProgressState) => s.progress.settings.numberKeys;

export const selectAnswerQuestion = (s: ProgressState) => s.answerQuestion;
export const selectRestartQuiz = (s: ProgressState) => s.restartQuiz;
export const selectReviewQuestion = (s: ProgressState) => s.reviewQuestion;
export const selectAnswerPrediction = (s: ProgressState) => s.answerPrediction;
export const selectReviewPrediction = (s: ProgressState) => s.reviewPrediction;
export const selectUpdateDrillAttempt = (s: ProgressState) => s.updateDrillAttempt;
export const selectRateDrill = (s: ProgressState) => s.rateDrill;
export const selectRestartDrill = (s: ProgressState) => s.restartDrill;
export const selectVisit = (s: ProgressState) => s.visit;
export const selectSetLessonUnderstood = (s: ProgressState) => s.setLessonUnderstood;
export const selectSetNumberKeys = (s: ProgressState) => s.setNumberKeys;
export const selectReplaceProgress = (s: ProgressState) => s.replaceProgress;
export const selectDismissNotice = (s: ProgressState) => s.dismissNotice;

/** Selectors for one set or drill: the returned object is the stored one, so it is stable. */
export const selectQuizSet = (slug: string) => (s: ProgressState) => quizSetProgress(s.progress, slug);
export const selectDrill = (slug: string) => (s: ProgressState) => drillProgress(s.progress, slug);
