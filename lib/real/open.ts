/**
 * Opening a recorded run: from the file's text to the recorded run checked by the engine's
 * checker, the model's run of the same scenario, and where they agree. Every way it can fail gives
 * a message naming what was wrong. Pure; the lab calls it in a Web Worker, so a large or broken
 * file never freezes the page.
 */
import type { Scenario } from "../sim/scenario";
import { simulate, type SimResult } from "../sim/simulate";
import { agreement, type AgreementRow } from "./agreement";
import { resultOfTrace, type RecordedResult } from "./replay";
import { refusals } from "./support";
import { parseTrace } from "./trace";

/** Far above any recording (the shipped ones are tens of kilobytes), far below what would hang a tab. */
export const MAX_TRACE_BYTES = 20 * 1024 * 1024;

export interface OpenedRun {
  title: string;
  recorded: RecordedResult;
  model: SimResult;
  rows: AgreementRow[];
}

export type Opened = { ok: true; run: OpenedRun } | { ok: false; errors: string[] };

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`);

export function tooLarge(name: string, bytes: number): string | null {
  return bytes > MAX_TRACE_BYTES ? `${name} is ${size(bytes)}; a recorded run can be at most ${size(MAX_TRACE_BYTES)}.` : null;
}

/** Reads a trace from its JSON text (`name` is the file's name, for the messages). */
export function openTrace(name: string, text: string): Opened {
  const big = tooLarge(name, text.length);
  if (big) return { ok: false, errors: [big] };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, errors: [`${name} is not JSON: ${(e as Error).message}`] };
  }
  return openTraceValue(name, json);
}

export function openTraceValue(name: string, json: unknown): Opened {
  const parsed = parseTrace(json);
  if (!parsed.ok) return { ok: false, errors: parsed.errors.map((e) => `${name}: ${e}`) };
  let recorded: RecordedResult;
  try {
    recorded = resultOfTrace(parsed.trace);
  } catch (e) {
    return { ok: false, errors: [`${name}: ${(e as Error).message}`] };
  }
  // resultOfTrace has validated the scenario, so the model can run it.
  const model = simulate(parsed.trace.scenario as Scenario);
  const cannot = refusals(model.scenario);
  if (cannot.length) return { ok: false, errors: [`${name}: this scenario cannot have been recorded:`, ...cannot] };
  return { ok: true, run: { title: model.scenario.name ?? name, recorded, model, rows: agreement(model.scenario, model.summary, recorded.summary) } };
}
