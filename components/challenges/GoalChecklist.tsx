import type { Goal, GoalAtom } from "@/lib/challenges/goals";
import { goalText } from "./challengeText";

/**
 * The goal's predicates, each marked met or not yet, in words and a symbol (never colour alone).
 * `metText` words the marks for a goal judged over many runs ("met in all 93 schedules…").
 */
export function GoalChecklist({
  goal,
  holds,
  metText = { met: "met", notMet: "not yet" },
}: {
  goal: Goal;
  holds: ((atom: GoalAtom) => boolean) | null;
  metText?: { met: string; notMet: string };
}) {
  return (
    <ul className="mt-1 space-y-1 text-sm">
      {goal.map((atom) => {
        const met = holds?.(atom) ?? null;
        return (
          <li key={JSON.stringify(atom)} className="flex gap-2">
            <span aria-hidden="true" className="w-4 shrink-0 font-bold">
              {met === null ? "•" : met ? "✓" : "✗"}
            </span>
            <span>
              {goalText(atom)}
              {met !== null && <span className="text-ink-muted"> — {met ? metText.met : metText.notMet}</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
