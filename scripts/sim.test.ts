/**
 * The command line as a user starts it (`npm run -s sim -- …` runs scripts/sim.mjs): files it must
 * not read (issue 53, item 8) and batches too long to run unannounced (item 9).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), "lease-lab-sim-"));

function sim(args: string[], timeoutMs: number) {
  const started = Date.now();
  const out = spawnSync(process.execPath, ["scripts/sim.mjs", ...args], {
    cwd: root,
    encoding: "utf8",
    timeout: timeoutMs,
  });
  return { status: out.status, stdout: out.stdout, stderr: out.stderr, ms: Date.now() - started };
}

/** 64 cron clients, a run every 200 ms each: a run logs events at the engine's pace until `durationMs` or the 500,000-event limit. */
function cronFile(name: string, durationMs: number): string {
  const file = path.join(dir, name);
  const scenario = {
    version: 1,
    durationMs,
    service: { kind: "redis", ttlMs: 10000 },
    clients: { count: 64 },
    workload: { kind: "cron", everyMs: 200, runs: 4000 },
  };
  writeFileSync(file, JSON.stringify(scenario));
  return file;
}

describe("sim's command line", () => {
  // The first start may rebuild the CLI's bundle; the timings below are of the CLI itself.
  beforeAll(() => void sim(["--help"], 120_000), 120_000);

  it("refuses /dev/zero at once instead of reading it until the machine runs out of memory", () => {
    const out = sim(["--scenario", "/dev/zero"], 5_000);
    expect(out.status).toBe(2);
    expect(out.stderr.trim()).toBe("--scenario: cannot read /dev/zero: it is a device, not a regular file");
    expect(out.ms).toBeLessThan(5_000);
  });

  it("refuses /dev/zero in `npm run real` too, the other command that reads a scenario file", () => {
    const tsx = path.join(root, "node_modules", ".bin", "tsx");
    const out = spawnSync(tsx, ["scripts/real/record.ts", "--scenario", "/dev/zero"], {
      cwd: root,
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(out.status).toBe(2);
    expect(out.stderr.trim()).toBe("/dev/zero: it is a device, not a regular file");
  });

  it("refuses a directory, with or without --exhaustive", () => {
    for (const extra of [[], ["--exhaustive"]]) {
      const out = sim(["--scenario", dir, ...extra], 10_000);
      expect(out.status).toBe(2);
      expect(out.stderr.trim()).toBe(`--scenario: cannot read ${dir}: it is a directory, not a regular file`);
    }
  });

  it("refuses a file over 4 MB before reading it, naming its size and the limit", () => {
    const big = path.join(dir, "big.json");
    writeFileSync(big, " ".repeat(5 * 1024 * 1024));
    const out = sim(["--scenario", big], 10_000);
    expect(out.status).toBe(2);
    expect(out.stderr.trim()).toBe(`--scenario: cannot read ${big}: it is 5 MB; a scenario file can be at most 4 MB`);
  });

  it("refuses 1,000 seeds of a scenario at the event limit after its first run, saying the estimate and how to shrink it", () => {
    const out = sim(["--scenario", cronFile("cron-at-limit.json", 800_000), "--seeds", "1000"], 30_000);
    expect(out.status).toBe(2);
    expect(out.stdout).toBe("");
    expect(out.stderr).toContain(
      "too much work: 1,000 seeds × about 500,000 events a run ≈ 500,000,000 events, over the limit of 100,000,000 (--max-work)",
    );
    expect(out.stderr).toContain(
      "make it smaller: fewer seeds (--seeds 200 fits), a shorter durationMs, or fewer clients or jobs",
    );
  });

  it("writes progress on stderr while a batch of a few seconds runs, and the sweep on stdout", () => {
    const out = sim(["--scenario", cronFile("cron-moderate.json", 100_000), "--seeds", "4"], 60_000);
    expect(out.status).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ runs: 4 });
    const lines = out.stderr.trim().split("\n");
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^[1-4] of 4 seeds$/);
  });
});
