/**
 * Runs a learner's lock client in the sandbox worker (code.worker.ts) and keeps the page safe from
 * it. Each job gets a worker of its own that has run no learner code before (one is kept loaded
 * and waiting, so a Run does not wait for the worker's code to load), and the worker is terminated
 * when the job ends: nothing one program does can reach the next, or another level. A watchdog
 * terminates a worker that falls silent (an endless loop in the learner's code, or memory so full
 * the worker can no longer answer). Every answer is validated before the page believes it: its
 * shape (zod), that it answers this job (a fresh nonce), and that a verdict is for this level and
 * this code (its fingerprint) and agrees with itself, so no message can mark a level passed that
 * the checker did not pass.
 */
import { z } from "zod";
import type { Scenario } from "@/lib/sim/scenario";
import type { SimResult } from "@/lib/sim/simulate";
import { fingerprint } from "@/lib/content/fingerprint";
import { codeVerdictSchema, type CodeVerdict } from "../challenges/codeCheck";
import type { CodeLevel } from "../challenges/codeLevel";
import { startWorker } from "./workerScript";

export type CodeRequest =
  /** Runs the level's own starter once, before any learner code, so the engine is compiled hot when the learner's Run comes (nothing is answered). */
  | { kind: "warm"; source: string; scenario: Scenario }
  | { kind: "run"; nonce: string; fingerprint: string; source: string; scenario: Scenario }
  | { kind: "check"; nonce: string; fingerprint: string; source: string; level: CodeLevel };

/** Why a job was stopped before it answered. */
export type StopReason = "budget" | "memory" | "silent" | "crashed" | "invalid";

export type CodeReply =
  | { kind: "progress"; nonce: string; tried: number; total: number | null }
  | { kind: "run"; nonce: string; fingerprint: string; result: SimResult }
  | { kind: "verdict"; nonce: string; fingerprint: string; verdict: CodeVerdict }
  | { kind: "compile-error"; nonce: string; message: string; line: number | null; column: number | null }
  | { kind: "stopped"; nonce: string; reason: "budget" | "memory"; message: string }
  | { kind: "failed"; nonce: string; message: string };

const count = z.number().int().min(0);
const line = z.number().int().min(1).nullable();
/** A run's result: the parts the page reads, checked; the timeline's readers check the rest as they read. */
const simResultSchema = z.looseObject({
  scenario: z.looseObject({ durationMs: z.number(), seed: z.number() }),
  events: z.array(z.looseObject({ kind: z.string(), t: z.number(), seq: z.number() })),
  spans: z.array(z.looseObject({ kind: z.string() })),
  summary: z.looseObject({ verdict: z.string(), jobsDone: count }),
  violations: z.array(z.looseObject({ kind: z.string(), t: z.number() })),
  facts: z.looseObject({ writes: z.array(z.unknown()), grants: z.array(z.unknown()) }),
  warnings: z.array(z.string()),
  series: z.unknown(),
});
const replySchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("progress"), nonce: z.string(), tried: count, total: count.nullable() }),
  z.strictObject({ kind: z.literal("run"), nonce: z.string(), fingerprint: z.string(), result: simResultSchema }),
  z.strictObject({
    kind: z.literal("verdict"),
    nonce: z.string(),
    fingerprint: z.string(),
    verdict: codeVerdictSchema,
  }),
  z.strictObject({
    kind: z.literal("compile-error"),
    nonce: z.string(),
    message: z.string(),
    line,
    column: z.number().int().nullable(),
  }),
  z.strictObject({
    kind: z.literal("stopped"),
    nonce: z.string(),
    reason: z.enum(["budget", "memory"]),
    message: z.string(),
  }),
  z.strictObject({ kind: z.literal("failed"), nonce: z.string(), message: z.string() }),
]);

export type CodeOutcome =
  | { kind: "run"; result: SimResult }
  /** `fingerprint`: this level and the code checked (codeFingerprint), as progress records it. */
  | { kind: "verdict"; verdict: CodeVerdict; fingerprint: string }
  | { kind: "compile-error"; message: string; line: number | null; column: number | null }
  | { kind: "stopped"; reason: StopReason; message: string };

export interface CodeListener {
  progress?(tried: number, total: number | null): void;
  done(outcome: CodeOutcome): void;
}

/** The fingerprint a verdict must carry: this level and exactly this code. */
export const codeFingerprint = (level: string, source: string) => fingerprint("code", level, source);

/** Real time a job's worker may stay silent once it has started. */
export const SILENCE_MS = 4000;
/** Real time a worker may take to load its code and start the job. */
export const START_MS = 20_000;

/** The part of a Worker a code job uses (tests stand in for one). */
export interface CodeWorker {
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: unknown): void;
  terminate(): void;
}

/** Timers the watchdog uses (tests drive them by hand). */
export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(timer: unknown): void;
}
const realTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

/** Whether a verdict agrees with itself: "passed" only with every schedule tried and none failing. */
function verdictHolds(verdict: CodeVerdict): boolean {
  const { schedules } = verdict;
  if (schedules.failed > schedules.tried) return false;
  if (!verdict.passed) return true;
  return (
    verdict.safe && verdict.live && schedules.complete && schedules.failed === 0 && verdict.counterexample === null
  );
}

const INVALID =
  "The sandbox sent back an answer that does not fit the code it was given, so it was ignored. Run it again.";

const STOPPED: Record<Exclude<StopReason, "budget" | "memory" | "invalid">, string> = {
  silent: `Your code was stopped: it ran for ${SILENCE_MS / 1000} s of real time without yielding, so it never lets the run go on. Look for a loop without a \`yield\` of sleep, work or a request.`,
  crashed: "Your code was stopped: the sandbox it ran in failed (it may have used up its memory).",
};

/** Code jobs for one page: each starts in a worker that has run no learner code, and ends it. */
export interface CodeJobs {
  start(
    request:
      | { kind: "run"; source: string; level: string; scenario: Scenario }
      | { kind: "check"; source: string; level: CodeLevel },
    listener: CodeListener,
  ): () => void;
  /**
   * Loads a worker now, so the next job need not wait for its code; with `practice` (a level's
   * starter code, from the course, and its scenario), the worker and every later spare runs it once
   * first, so the engine is compiled hot before the learner's code arrives.
   */
  warm(practice?: { source: string; scenario: Scenario }): void;
  dispose(): void;
}

function nonceOf(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function createCodeJobs(
  create: () => CodeWorker = () => startWorker("code"),
  timers: Timers = realTimers,
): CodeJobs {
  // A worker loaded and waiting, that has run no learner code: the next job takes it.
  let spare: CodeWorker | null = null;
  let practice: { source: string; scenario: Scenario } | null = null;
  const fresh = () => {
    const worker = create();
    if (practice) worker.postMessage({ kind: "warm", ...practice } satisfies CodeRequest);
    return worker;
  };
  const take = () => {
    const worker = spare ?? fresh();
    spare = null;
    return worker;
  };

  const start: CodeJobs["start"] = (input, listener) => {
    const nonce = nonceOf();
    const slug = input.kind === "run" ? input.level : input.level.slug;
    const expected = codeFingerprint(slug, input.source);
    const request: CodeRequest =
      input.kind === "run"
        ? { kind: "run", nonce, fingerprint: expected, source: input.source, scenario: input.scenario }
        : { kind: "check", nonce, fingerprint: expected, source: input.source, level: input.level };
    const worker = take();
    let over = false;
    let timer: unknown = null;
    const finish = (outcome: CodeOutcome | null) => {
      if (over) return;
      over = true;
      timers.clear(timer);
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      // The next job's worker loads now, while the learner reads this one's answer.
      spare ??= fresh();
      if (outcome) listener.done(outcome);
    };
    const watch = (ms: number) => {
      timers.clear(timer);
      timer = timers.set(() => finish({ kind: "stopped", reason: "silent", message: STOPPED.silent }), ms);
    };
    worker.onmessage = (event: MessageEvent) => {
      if (over) return;
      const parsed = replySchema.safeParse(event.data);
      if (!parsed.success || parsed.data.nonce !== nonce)
        return finish({ kind: "stopped", reason: "invalid", message: INVALID });
      const reply = parsed.data;
      switch (reply.kind) {
        case "progress":
          watch(SILENCE_MS);
          if (reply.tried > 0 || reply.total !== null) listener.progress?.(reply.tried, reply.total);
          return;
        case "run":
          if (reply.fingerprint !== expected || input.kind !== "run")
            return finish({ kind: "stopped", reason: "invalid", message: INVALID });
          return finish({ kind: "run", result: event.data.result as SimResult });
        case "verdict": {
          const verdict = event.data.verdict as CodeVerdict;
          if (
            reply.fingerprint !== expected ||
            input.kind !== "check" ||
            verdict.level !== slug ||
            !verdictHolds(verdict)
          )
            return finish({ kind: "stopped", reason: "invalid", message: INVALID });
          return finish({ kind: "verdict", verdict, fingerprint: expected });
        }
        case "compile-error":
          return finish({ kind: "compile-error", message: reply.message, line: reply.line, column: reply.column });
        case "stopped":
          return finish({
            kind: "stopped",
            reason: reply.reason,
            message:
              reply.reason === "memory"
                ? `Your code was stopped: it asked for more memory than the sandbox allows (${reply.message}).`
                : `Your code was stopped: ${reply.message}`,
          });
        case "failed":
          return finish({
            kind: "stopped",
            reason: "crashed",
            message: `The check could not finish: ${reply.message}`,
          });
      }
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      finish({ kind: "stopped", reason: "crashed", message: STOPPED.crashed });
    };
    watch(START_MS);
    worker.postMessage(request);
    return () => finish(null);
  };

  return {
    start,
    warm(starter) {
      practice = starter ?? practice;
      spare ??= fresh();
    },
    dispose() {
      spare?.terminate();
      spare = null;
    },
  };
}
