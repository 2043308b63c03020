/**
 * Opening a recorded run or a lock history: from the file's text to the run checked by the
 * engine's checker, and for a recorded run the model's run of the same scenario and where they
 * agree. Which of the two a file is, its first line tells (a history's is its header). Every way
 * it can fail gives a message naming what was wrong. Pure; the lab calls it in a Web Worker, so a
 * large or broken file never freezes the page.
 */
import type { Scenario } from "../sim/scenario";
import { simulate, type SimResult } from "../sim/simulate";
import { agreement, type AgreementRow } from "./agreement";
import { firstRealDifference } from "./difference";
import { readHistory, looksLikeHistory } from "./history";
import { resultOfEvents, resultOfTrace, type RecordedResult } from "./replay";
import { refusals } from "./support";
import { parseTrace } from "./trace";

/** Far above any recording (the shipped ones are tens of kilobytes), far below what would hang a tab. */
export const MAX_OPEN_BYTES = 20 * 1024 * 1024;

/** A recorded run with the model's run beside it, or a user's lock history on its own. */
export type OpenedRun =
  /** `differsAt`: the first moment the two runs part ways in their grants or writes (difference.ts), null if they never do. */
  | {
      kind: "recording";
      title: string;
      recorded: RecordedResult;
      model: SimResult;
      rows: AgreementRow[];
      differsAt: number | null;
    }
  | { kind: "history"; title: string; recorded: RecordedResult };

export type Opened = { ok: true; run: OpenedRun } | { ok: false; errors: string[] };

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`;

export function tooLarge(name: string, bytes: number): string | null {
  return bytes > MAX_OPEN_BYTES
    ? `${name} is ${size(bytes)}; a recorded run or a lock history can be at most ${size(MAX_OPEN_BYTES)}.`
    : null;
}

/** Reads a recorded run's trace or a lock history from a file's text (`name` is the file's name, for the messages); `progress` hears a history's share read. */
export function openText(name: string, text: string, progress?: (share: number) => void): Opened {
  const big = tooLarge(name, text.length);
  if (big) return { ok: false, errors: [big] };
  if (/\.(jsonl|ndjson)$/i.test(name) || looksLikeHistory(text)) return openHistory(name, text, progress);
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
  const rows = agreement(model.scenario, model.summary, recorded.summary);
  return {
    ok: true,
    run: {
      kind: "recording",
      title: model.scenario.name ?? name,
      recorded,
      model,
      rows,
      differsAt: firstRealDifference(model.scenario, recorded.facts, model.facts),
    },
  };
}

/** A lock history, checked by the same checker through the same path as a recorded run. */
export function openHistory(name: string, text: string, progress?: (share: number) => void): Opened {
  const read = readHistory(text, progress);
  if (!read.ok) return { ok: false, errors: read.errors.map((e) => `${name}: ${e}`) };
  const { scenario, warnings, events, notes } = read.history;
  return {
    ok: true,
    run: { kind: "history", title: scenario.name ?? name, recorded: resultOfEvents(scenario, warnings, events, notes) },
  };
}
