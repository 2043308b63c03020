/**
 * Lesson predictions as review cards: a prediction the learner missed comes back in Review beside
 * the quiz questions they missed, in the same question card, so it is answered the same way and
 * scheduled the same way. The card asks the prediction's question with its options, says which
 * lesson it is from (with a link to it on the lesson's page) and explains the answer with the
 * first part of the lesson's reveal.
 */
import type { Lesson, LessonPredict } from "@/lib/content/lessonTypes";
import type { QuizQuestion } from "@/lib/content/types";
import { seconds } from "@/lib/sim/format";
import { predictionKey } from "@/lib/store/progressUpdate";

function htmlEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The predictions of a lesson in reading order (a reveal holds no prediction of its own). */
export function lessonPredictions(lesson: Pick<Lesson, "blocks">): LessonPredict[] {
  return lesson.blocks.filter((block): block is LessonPredict => block.kind === "predict");
}

/** Where a prediction is on its lesson's page. */
export function predictionHref(lessonSlug: string, predictId: string): string {
  return `/learn/${lessonSlug}/#${predictId}`;
}

/** One prediction as a review card; its id is the prediction's key in the learner's progress. */
export function predictionCard(
  lesson: Pick<Lesson, "slug" | "number" | "title">,
  predict: LessonPredict,
): QuizQuestion {
  const answer = predict.options[predict.answer] ?? "";
  const first = predict.reveal[0];
  // The reveal's opening prose says what the run does after the moment; the live pieces after it stay in the lesson.
  const explained = first?.kind === "html" ? first.html : "";
  const link = `<a href="${predictionHref(lesson.slug, predict.id)}">${htmlEscape(lesson.title)}</a>`;
  return {
    id: predictionKey(lesson.slug, predict.id),
    setSlug: lesson.slug,
    title: predict.question,
    titleHtml: htmlEscape(predict.question),
    contextHtml: `<p>A prediction from lesson ${lesson.number}, ${link}, asked with its run paused at ${seconds(predict.at)}.</p>`,
    scenario: { preset: predict.preset.id, title: predict.preset.title },
    lesson: lesson.slug,
    multiple: false,
    options: predict.options.map((option, index) => ({
      html: htmlEscape(option),
      correct: index === predict.answer,
      explanationHtml:
        index === predict.answer
          ? explained || `<p>This is what the run does after ${seconds(predict.at)}.</p>`
          : `<p>Not what the run does: the answer is “${htmlEscape(answer)}”.</p>`,
    })),
  };
}

/** Every lesson's predictions as review cards, in course order. */
export function predictionCards(lessons: readonly Lesson[]): QuizQuestion[] {
  return lessons.flatMap((lesson) => lessonPredictions(lesson).map((predict) => predictionCard(lesson, predict)));
}

/** Every prediction the lessons ask now, by its key in the learner's progress, with its question's fingerprint. */
export function predictionFingerprints(lessons: readonly Lesson[]): Record<string, string> {
  return Object.fromEntries(
    lessons.flatMap((lesson) =>
      lessonPredictions(lesson).map((predict) => [predictionKey(lesson.slug, predict.id), predict.fingerprint]),
    ),
  );
}
