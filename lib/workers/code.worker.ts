/**
 * The sandbox a learner's lock client runs in (codeRunner.ts starts it, one job per worker). The
 * global scope is locked down (codeSandbox.ts) when the worker starts, before any learner code is
 * compiled; the worker keeps its own postMessage, so only this file ever answers the page, and the
 * page validates every answer anyway. Each job posts a first heartbeat at once, then progress a few
 * times a second: a worker that falls silent (an endless loop) is terminated by the page.
 */
import { CodeBudgetError } from "@/lib/sim/code/codeClient";
import type { Scenario } from "@/lib/sim/scenario";
import { simulate } from "@/lib/sim/simulate";
import { checkCode } from "../challenges/codeCheck";
import { compileClient } from "../challenges/codeCompile";
import { lockDown } from "./codeSandbox";
import type { CodeReply, CodeRequest } from "./codeRunner";

const PROGRESS_EVERY_MS = 100;

const scope = self as unknown as typeof globalThis & {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
};
// The handler is set before the lockdown freezes what learner code could reach.
scope.onmessage = (event: MessageEvent<CodeRequest>) => answer(event.data);
const { post, now } = lockDown(scope);
const reply = (message: CodeReply) => post(message);

function answer(request: CodeRequest): void {
  if (request.kind === "warm") return practise(request.source, request.scenario);
  const { nonce, fingerprint } = request;
  reply({ kind: "progress", nonce, tried: 0, total: null });
  try {
    const compiled = compileClient(request.source);
    if (!compiled.ok)
      return reply({
        kind: "compile-error",
        nonce,
        message: compiled.message,
        line: compiled.line,
        column: compiled.column,
      });
    if (request.kind === "run") {
      const result = simulate(request.scenario, {
        code: { program: compiled.program, lineOf: compiled.lineOf, traceLines: true },
      });
      return reply({ kind: "run", nonce, fingerprint, result });
    }
    let last = now();
    const verdict = checkCode(request.level, compiled, {
      onProgress: (tried, total) => {
        if (now() - last < PROGRESS_EVERY_MS) return;
        last = now();
        reply({ kind: "progress", nonce, tried, total });
      },
    });
    reply({ kind: "verdict", nonce, fingerprint, verdict });
  } catch (error) {
    if (error instanceof CodeBudgetError)
      return reply({ kind: "stopped", nonce, reason: "budget", message: error.message });
    if (error instanceof RangeError)
      return reply({ kind: "stopped", nonce, reason: "memory", message: `${error.name}: ${error.message}` });
    reply({
      kind: "failed",
      nonce,
      message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
  }
}

/** Runs the level's starter (course code, not the learner's) once, answering nothing: the engine is then compiled hot. */
function practise(source: string, scenario: Scenario): void {
  try {
    const compiled = compileClient(source);
    if (compiled.ok)
      simulate(scenario, { code: { program: compiled.program, lineOf: compiled.lineOf, traceLines: true } });
  } catch {
    // A warm-up that fails costs only its time: the job that follows reports for itself.
  }
}
