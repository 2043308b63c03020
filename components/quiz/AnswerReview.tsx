import { ContentHtml } from "@/components/content/ContentHtml";
import type { QuizQuestion } from "@/lib/content/types";
import { ResultIcon } from "./ResultIcon";
import { SeeItHappen } from "@/components/content/SeeItHappen";

function optionLabel(chosen: boolean, correct: boolean): string | null {
  if (chosen && correct) return "Your answer, correct";
  if (chosen) return "Your answer, wrong";
  if (correct) return "Correct answer";
  return null;
}

/**
 * A question's options after it was answered: the learner's choice and the correct option are
 * marked with a tick or a cross and a label, each with its explanation; the other options'
 * explanations wait behind a disclosure.
 */
export function AnswerReview({ question, chosen }: { question: QuizQuestion; chosen: readonly number[] }) {
  return (
    <>
      <ul className="space-y-3">
        {question.options.map((option, index) => {
          const picked = chosen.includes(index);
          const label = optionLabel(picked, option.correct);
          const tone = option.correct ? "border-safe" : picked ? "border-danger" : "border-line";
          return (
            <li key={index} className={`rounded-lg border-2 p-4 ${tone}`}>
              {label && (
                <p
                  className={`mb-1.5 flex items-center gap-1.5 text-sm font-semibold ${option.correct ? "text-safe-ink" : "text-danger-ink"}`}
                >
                  <ResultIcon correct={option.correct} />
                  {label}
                </p>
              )}
              <p className={label ? "font-medium" : "text-ink-muted"}>
                <ContentHtml inline html={option.html} />
              </p>
              {label ? (
                <ContentHtml
                  html={option.explanationHtml}
                  className="mt-2 border-l-4 border-line pl-3 text-ink-muted"
                />
              ) : (
                <details className="mt-2 text-sm">
                  <summary className="cursor-pointer rounded font-medium text-link">Why not this one?</summary>
                  <ContentHtml
                    html={option.explanationHtml}
                    className="mt-2 border-l-4 border-line pl-3 text-ink-muted"
                  />
                </details>
              )}
            </li>
          );
        })}
      </ul>
      {question.scenario && <SeeItHappen scenario={question.scenario} />}
    </>
  );
}
