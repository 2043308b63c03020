import Link from "next/link";
import { ContentHtml } from "@/components/content/ContentHtml";
import type { QuizQuestion } from "@/lib/content/types";
import { AnswerReview } from "./AnswerReview";

export interface Mistake {
  question: QuizQuestion;
  chosen: number[];
}

/** The questions the learner got wrong, each with their answer, the correct one and both explanations. */
export function MistakeList({
  mistakes,
  headingRef,
}: {
  mistakes: Mistake[];
  headingRef: React.Ref<HTMLHeadingElement>;
}) {
  return (
    <section aria-labelledby="mistakes-heading" className="mt-10">
      <h2 id="mistakes-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight">
        Your mistakes
      </h2>
      <p className="mt-2 text-ink-muted">
        Each of these is now in your{" "}
        <Link href="/review/" className="font-medium text-link underline underline-offset-2">
          review schedule
        </Link>
        , so it comes back until you get it right.
      </p>
      <ol className="mt-6 space-y-8">
        {mistakes.map(({ question, chosen }) => (
          <li key={question.id} className="rounded-xl border border-line p-5 sm:p-6">
            <h3 className="text-lg font-bold text-balance">
              <ContentHtml inline html={question.titleHtml} />
            </h3>
            {question.contextHtml && <ContentHtml html={question.contextHtml} className="mt-2 text-ink-muted" />}
            <div className="mt-4">
              <AnswerReview question={question} chosen={chosen} />
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
