/**
 * How much work a command-line batch (`--seeds N`, `--exhaustive`) is, said before it runs, and
 * how far it has got while it runs (issue 53, item 9). A batch at the event limit runs for many
 * minutes, so the command line refuses one over its bound, warns of one that will take a while,
 * and reports progress on stderr at most once a second. Pure: the caller gives it the clock and
 * where the lines go.
 */
import { groupDigits } from "./format";

/**
 * Events one command runs in all unless `--max-work` says otherwise: 200 runs at the 500,000-event
 * limit, about five minutes on one core of a 2-core machine (a run at the limit took 1.1–1.7 s).
 */
export const MAX_WORK_EVENTS = 100_000_000;
/** Work above this (about half a minute) is announced with its estimate before it starts. */
export const WARN_WORK_EVENTS = 10_000_000;

/** The largest scenario file the command line reads: far above any valid scenario (1,000 faults and 64 clients fit in well under 1 MB), far below what would exhaust the machine. */
export const MAX_SCENARIO_FILE_BYTES = 4 * 1024 * 1024;

/** Where a batch's lines go while it runs, and the clock its progress is paced by. */
export interface BatchIo {
  report: (line: string) => void;
  now: () => number;
}

export interface WorkEstimate {
  /** Runs the batch will do (seeds, or the world's schedules). */
  runs: number;
  /** Events one run logs, measured on the batch's first run. */
  eventsPerRun: number;
  /** What the runs are called in the messages: "seeds", "schedules". */
  noun: string;
  /** How to make the batch smaller, as the user would type it. */
  shrink: string;
}

/** Reads `--max-work N`: a whole number of events from 1 to 10^12; a message if it is not. */
export function parseMaxWork(text: string | undefined): number | string {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= 1e12
    ? n
    : "--max-work: must be a whole number of events from 1 to 1000000000000";
}

/** Error lines refusing the batch if it is over `maxWork`; otherwise null, after a warning on `io` if it is large. */
export function judgeWork(estimate: WorkEstimate, maxWork: number, io?: BatchIo): string[] | null {
  const total = estimate.runs * estimate.eventsPerRun;
  const said = `${groupDigits(estimate.runs)} ${estimate.noun} × about ${groupDigits(estimate.eventsPerRun)} events a run ≈ ${groupDigits(total)} events`;
  if (total > maxWork) {
    return [
      `too much work: ${said}, over the limit of ${groupDigits(maxWork)} (--max-work)`,
      `make it smaller: ${estimate.shrink}; or raise --max-work if you mean it`,
    ];
  }
  if (total > WARN_WORK_EVENTS) io?.report(`this will take a while: ${said}; to make it smaller: ${estimate.shrink}`);
  return null;
}

/**
 * A callback for each finished run that writes "312 of 1,000 seeds" on `io` at most once a second;
 * while the total is not known yet, "312 schedules run, of about 1,000" (`about`, the estimate).
 */
export function progressLines(
  io: BatchIo | undefined,
  noun: string,
  about?: number,
): (done: number, total: number | null) => void {
  if (!io) return () => {};
  let last = io.now();
  return (done, total) => {
    const now = io.now();
    if (now - last < 1000) return;
    last = now;
    io.report(
      total !== null
        ? `${groupDigits(done)} of ${groupDigits(total)} ${noun}`
        : `${groupDigits(done)} ${noun} run${about === undefined ? "" : `, of about ${groupDigits(about)}`}`,
    );
  };
}
