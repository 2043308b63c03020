import { describe, expect, it } from "vitest";
import type { CodeLevel } from "../challenges/codeLevel";
import type { CodeVerdict } from "../challenges/codeCheck";
import {
  codeFingerprint,
  createCodeJobs,
  SILENCE_MS,
  type CodeOutcome,
  type CodeWorker,
  type Timers,
} from "./codeRunner";

/** A worker the test answers by hand, as the sandbox (or something forging it) would. */
class FakeWorker implements CodeWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  posted: unknown[] = [];
  terminated = false;
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  say(data: unknown) {
    this.onmessage?.({ data } as MessageEvent);
  }
  get nonce() {
    return (this.posted[0] as { nonce: string }).nonce;
  }
}

function manualTimers() {
  let pending: { run: () => void; ms: number } | null = null;
  const timers: Timers = {
    set: (run, ms) => (pending = { run, ms }),
    clear: () => (pending = null),
  };
  return { timers, fire: () => pending?.run(), waiting: () => pending?.ms ?? null };
}

const level = { slug: "no-expiry", par: { kind: "service-calls", value: 18 } } as unknown as CodeLevel;
const source = "function* client() {}";

const passing = (over: Partial<CodeVerdict> = {}): CodeVerdict => ({
  level: "no-expiry",
  passed: true,
  safe: true,
  live: true,
  schedules: { tried: 12, failed: 0, complete: true },
  counterexample: null,
  par: { kind: "service-calls", value: 18, yours: 9, met: true },
  errors: [],
  ...over,
});

function check() {
  const workers: FakeWorker[] = [];
  const clock = manualTimers();
  const jobs = createCodeJobs(() => {
    const w = new FakeWorker();
    workers.push(w);
    return w;
  }, clock.timers);
  const heard: CodeOutcome[] = [];
  jobs.start({ kind: "check", source, level }, { done: (o) => heard.push(o) });
  return { worker: workers[0]!, workers, heard, clock };
}

describe("the sandbox runner believes only answers that fit the job", () => {
  it("takes a verdict for this level and this code, and ends the worker", () => {
    const { worker, heard } = check();
    worker.say({
      kind: "verdict",
      nonce: worker.nonce,
      fingerprint: codeFingerprint("no-expiry", source),
      verdict: passing(),
    });
    expect(heard).toEqual([{ kind: "verdict", verdict: passing(), fingerprint: codeFingerprint("no-expiry", source) }]);
    expect(worker.terminated).toBe(true);
  });

  it("refuses a passed verdict for other code, another job, another level, or one that contradicts itself", () => {
    const forged = [
      (nonce: string) => ({
        kind: "verdict",
        nonce,
        fingerprint: codeFingerprint("no-expiry", "other code"),
        verdict: passing(),
      }),
      () => ({
        kind: "verdict",
        nonce: "guessed",
        fingerprint: codeFingerprint("no-expiry", source),
        verdict: passing(),
      }),
      (nonce: string) => ({
        kind: "verdict",
        nonce,
        fingerprint: codeFingerprint("no-expiry", source),
        verdict: passing({ level: "other" }),
      }),
      (nonce: string) => ({
        kind: "verdict",
        nonce,
        fingerprint: codeFingerprint("no-expiry", source),
        verdict: passing({ schedules: { tried: 12, failed: 3, complete: true } }),
      }),
      (nonce: string) => ({
        kind: "verdict",
        nonce,
        fingerprint: codeFingerprint("no-expiry", source),
        verdict: { ...passing(), extra: 1 },
      }),
      (nonce: string) => ({ kind: "verdict", nonce, fingerprint: codeFingerprint("no-expiry", source), passed: true }),
    ];
    for (const forge of forged) {
      const { worker, heard } = check();
      worker.say(forge(worker.nonce));
      expect(heard).toEqual([{ kind: "stopped", reason: "invalid", message: expect.stringMatching(/ignored/) }]);
      expect(worker.terminated).toBe(true);
    }
  });

  it("terminates a worker that falls silent, and says why", () => {
    const { worker, heard, clock } = check();
    worker.say({ kind: "progress", nonce: worker.nonce, tried: 0, total: null });
    expect(clock.waiting()).toBe(SILENCE_MS);
    clock.fire();
    expect(worker.terminated).toBe(true);
    expect(heard).toEqual([{ kind: "stopped", reason: "silent", message: expect.stringMatching(/without yielding/) }]);
  });

  it("tells a step budget or a memory error apart, and never reuses a worker that ran learner code", () => {
    const { worker, heard, workers } = check();
    worker.say({
      kind: "stopped",
      nonce: worker.nonce,
      reason: "memory",
      message: "RangeError: Array buffer allocation failed",
    });
    expect(heard[0]).toMatchObject({
      kind: "stopped",
      reason: "memory",
      message: expect.stringMatching(/more memory than the sandbox allows/),
    });
    // A fresh worker is loaded for the next job.
    expect(workers).toHaveLength(2);
    expect(workers[1]?.terminated).toBe(false);
    expect(workers[1]?.posted).toEqual([]);
  });
});
