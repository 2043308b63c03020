/**
 * Validates every quiz set, drill, deck, lesson, challenge level, code level and example lock history in content/ (`npm run content:check`, also run
 * before `npm run build`). Prints one "file:line: reason" per problem on stderr and exits 1 if any.
 */
import { challengeCheck } from "../lib/content/challengeLoad";
import { codeLevelsCheck } from "../lib/content/codeLevels";
import { formatProblem } from "../lib/content/errors";
import { deckCheck } from "../lib/content/decks";
import { historyFormatCheck } from "../lib/content/historyFormat";
import { lessonContentCheck } from "../lib/content/lessonLoad";
import { contentCheck } from "../lib/content/load";

const { quizSets, drills, problems: contentProblems } = contentCheck();
const { decks, problems: deckProblems } = deckCheck();
const { lessons, problems: lessonProblems } = lessonContentCheck(process.cwd(), quizSets);
const { levels, problems: challengeProblems } = challengeCheck();
const { page: historyPage, problems: historyProblems } = historyFormatCheck(process.cwd());
const { levels: codeLevels, problems: codeProblems } = codeLevelsCheck();
const problems = [
  ...contentProblems,
  ...deckProblems,
  ...lessonProblems,
  ...challengeProblems,
  ...historyProblems,
  ...codeProblems,
];
if (problems.length > 0) {
  for (const problem of problems) process.stderr.write(`${formatProblem(problem)}\n`);
  process.stderr.write(`Content check failed: ${problems.length} ${problems.length === 1 ? "problem" : "problems"}.\n`);
  process.exitCode = 1;
} else {
  const questions = quizSets.reduce((sum, set) => sum + set.questions.length, 0);
  process.stdout.write(
    `Content OK: ${quizSets.length} quiz sets (${questions} questions), ${drills.length} drills, ${decks.length} decks, ${lessons.length} lessons with the decision guide, the comparison and the references, ${levels.length} challenge levels, ${codeLevels.length} code levels, the lock history format with ${historyPage.examples.length} example histories.
`,
  );
}
