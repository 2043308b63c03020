import type { Goal, GoalAtom } from "@/lib/challenges/goals";
import { goalText } from "./challengeText";

/** The goal's predicates, each marked met or not yet, in words and a symbol (never colour alone). */
export function GoalChecklist({ goal, holds }: { goal: Goal; holds: ((atom: GoalAtom) => boolean) | null }) {
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
              {met !== null && <span className="text-ink-muted">{met ? " — met" : " — not yet"}</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
