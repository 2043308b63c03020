/**
 * Real vs model: do a recorded run and the model's run of the same scenario agree on what matters
 * (verdict, counter, lost updates, stale writes accepted and rejected, tokens, jobs done)? Timings
 * are not compared: a real machine's are its own. Pure.
 */
import type { Summary } from "../sim/checker";
import type { ResolvedScenario } from "../sim/scenario";

export const AGREEMENT_FIELDS = [
  "verdict",
  "counter",
  "lostUpdates",
  "staleWritesAccepted",
  "staleWritesRejected",
  "tokens",
  "jobsDone",
] as const;
export type AgreementField = (typeof AGREEMENT_FIELDS)[number];

export interface AgreementRow {
  field: AgreementField;
  model: string;
  real: string;
  agree: boolean;
}

/** Whether a real run's tokens can be compared with the model's by value (not for a lock table's sequence, below). */
export function tokensByValue(scenario: ResolvedScenario): boolean {
  return !(scenario.service.kind === "postgres" && scenario.service.mode === "lock-table");
}

/**
 * Tokens drawn by every attempt (a PostgreSQL lock table's sequence, consumed by refused attempts
 * too) have gaps that depend on how many times a waiting client retried, after random delays; there
 * the tokens agree when there are as many, each higher than the last. Elsewhere they must be equal.
 */
export function tokensAgree(scenario: ResolvedScenario, model: number[], real: number[]): boolean {
  const rising = (ts: number[]) => ts.every((t, i) => i === 0 || t > ts[i - 1]!);
  if (!tokensByValue(scenario)) return model.length === real.length && rising(model) && rising(real);
  return model.length === real.length && model.every((t, i) => t === real[i]);
}

/** A run's tokens as a reader says them: "1, 2, 3", or "none" for a run whose grants carried none. */
const tokensText = (tokens: readonly number[]) => (tokens.length ? tokens.join(", ") : "none");

export function agreement(scenario: ResolvedScenario, model: Summary, real: Summary): AgreementRow[] {
  return AGREEMENT_FIELDS.map((field) => {
    if (field === "tokens")
      return {
        field,
        model: tokensText(model.tokens),
        real: tokensText(real.tokens),
        agree: tokensAgree(scenario, model.tokens, real.tokens),
      };
    return { field, model: String(model[field]), real: String(real[field]), agree: model[field] === real[field] };
  });
}

/** Both runs side by side, one field a line, disagreements marked. */
export function agreementTable(rows: AgreementRow[]): string {
  const w = Math.max(...rows.map((r) => r.model.length), 5);
  return rows
    .map((r) => `${r.agree ? "  " : "≠ "}${r.field.padEnd(20)} model ${r.model.padEnd(w)}  real ${r.real}`)
    .join("\n");
}
