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

export function recordInChild(id: string, scenario: Scenario, out = path.join(os.tmpdir(), `lease-lab-${id}.trace.json`)): Promise<ChildRecording> {
  const began = Date.now();
  const file = path.join(os.tmpdir(), `lease-lab-${id}.scenario.json`);
  writeFileSync(file, JSON.stringify(scenario));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts/real/record.ts"), "--scenario", file, "--out", out], { cwd: root, stdio: ["ignore", "ignore", "pipe"] });
    let log = "";
    child.stderr.on("data", (b: Buffer) => (log += b.toString()));
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`recording ${id} exited with ${code}:\n${log}`));
      const parsed = parseTrace(JSON.parse(readFileSync(out, "utf8")));
      if (!parsed.ok) return reject(new Error(`recording ${id} wrote an invalid trace:\n${parsed.errors.join("\n")}`));
      resolve({ trace: parsed.trace, log, tookMs: Date.now() - began });
    });
  });
}

/** Runs `jobs` with at most `parallel` at once, in order of the list. */
export async function bounded<T, R>(items: T[], parallel: number, job: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await job(items[i]);
      }
    }),
  );
  return results;
}
