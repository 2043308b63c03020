/**
 * Runs the recorder as its own process (as `npm run real` does) for one scenario, and a few such
 * runs at once: each mostly waits on real timers, but a busy machine makes timers late, so the
 * number at once is bounded. Used by `npm run real:shipped` and the agreement test.
 */
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseTrace, type Trace } from "../../lib/real/trace";
import type { Scenario } from "../../lib/sim/scenario";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface ChildRecording {
  trace: Trace;
  /** The recorder's own account on stderr (servers started, the run's summary). */
  log: string;
  tookMs: number;
}

/** Exit status of a recording refused because the machine was too busy to keep the scenario's times. */
const TOO_LATE = 4;

/** Records in a child process, trying again (up to `tries` in all) when the machine was too busy to keep the scenario's times. */
export async function recordInChild(
  id: string,
  scenario: Scenario,
  out = path.join(os.tmpdir(), `lease-lab-${id}.trace.json`),
  tries = 3,
): Promise<ChildRecording> {
  for (let i = 1; ; i++) {
    try {
      return await recordOnce(id, scenario, out);
    } catch (e) {
      if (!(e instanceof TooLate) || i >= tries) throw e;
    }
  }
}

class TooLate extends Error {}

function recordOnce(id: string, scenario: Scenario, out: string): Promise<ChildRecording> {
  const began = Date.now();
  const file = path.join(os.tmpdir(), `lease-lab-${id}.scenario.json`);
  writeFileSync(file, JSON.stringify(scenario));
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(root, "scripts/real/record.ts"), "--scenario", file, "--out", out],
      {
        cwd: root,
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    let log = "";
    child.stderr.on("data", (b: Buffer) => (log += b.toString()));
    child.on("exit", (code) => {
      if (code === TOO_LATE) return reject(new TooLate(`recording ${id}: ${log.trim().split("\n").at(-2)}`));
      if (code !== 0) return reject(new Error(`recording ${id} exited with ${code}:\n${log}`));
      const parsed = parseTrace(JSON.parse(readFileSync(out, "utf8")));
      if (!parsed.ok) return reject(new Error(`recording ${id} wrote an invalid trace:\n${parsed.errors.join("\n")}`));
      resolve({ trace: parsed.trace, log, tookMs: Date.now() - began });
    });
  });
}

/**
 * Records every scenario, `parallel` at once, with one try each; a recording the machine was too
 * busy to keep on time is then recorded again alone, when nothing else of ours competes for the
 * cores (two more tries). Returns the recordings in the order given, and how many needed a retry.
 */
export async function recordAll(
  items: { id: string; scenario: Scenario }[],
  parallel: number,
): Promise<{ recordings: ChildRecording[]; retried: number }> {
  const first = await bounded(items, parallel, (t) =>
    recordInChild(`agree-${t.id}`, t.scenario, undefined, 1).catch((e: unknown) =>
      e instanceof TooLate ? null : Promise.reject(e),
    ),
  );
  const recordings: ChildRecording[] = [];
  for (const [i, item] of items.entries())
    recordings.push(first[i] ?? (await recordInChild(`agree-${item.id}`, item.scenario, undefined, 2)));
  return { recordings, retried: first.filter((r) => r === null).length };
}

/** Runs `jobs` with at most `parallel` at once, in order of the list. */
export async function bounded<T, R>(items: T[], parallel: number, job: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) results[i] = await job(items[i]!);
    }),
  );
  return results;
}
