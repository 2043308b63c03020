import { describe, expect, it } from "vitest";
import { simulate } from "@/lib/sim/simulate";
import { runExhaustiveCli } from "./cli";

const gcPause = JSON.stringify({
  version: 1,
  service: { kind: "redis", ttlMs: 10000 },
  clients: { count: 2, startMs: [0, 100], workMs: 2000 },
  workload: { kind: "counter" },
});
const read = () => gcPause;

describe("sim --exhaustive", () => {
  it("prints the schedules tried and failed, and the shortest failing one as a scenario that reproduces it", () => {
    const out = runExhaustiveCli(
      [
        "--scenario",
        "f.json",
        "--exhaustive",
        "--max-faults",
        "2",
        "--pauses",
        "1000,2000",
        "--jumps",
        "none",
        "--delays",
        "none",
      ],
      read,
    );
    expect(out.status).toBe(0);
    const report = JSON.parse(out.stdout);
    // Six moments, twelve single pauses: 1 + 12 + 66 schedules, and none as short as 2 s breaks a 10 s lease.
    expect(report).toMatchObject({
      tried: 79,
      failed: 0,
      complete: true,
      shortest: null,
      world: { moments: 6, singleFaults: 12 },
    });
  });

  it("the shortest failing schedule, opened as a scenario, fails the same way", () => {
    const report = JSON.parse(
      runExhaustiveCli(["--scenario", "f.json", "--exhaustive", "--max-faults", "1"], read).stdout,
    );
    expect(report.failed).toBeGreaterThan(0);
    expect(simulate(report.shortest.scenario).summary).toEqual(report.shortest.summary);
  });

  it("refuses a world over its budget before starting, and offers a smaller one", () => {
    const out = runExhaustiveCli(["--scenario", "f.json", "--exhaustive", "--max-schedules", "10"], read);
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(
      /^the world has about \d+ schedules .* more than --max-schedules 10\ncheck a smaller world: --max-faults 1/,
    );
  });

  it("names a bad argument", () => {
    expect(runExhaustiveCli(["--preset", "gc-pause", "--exhaustive", "--pauses", "ten"], read).stderr).toMatch(
      /^--pauses: "ten" is not a list/,
    );
  });

  it("refuses a check over --max-work before running it, with the estimate and how to shrink it", () => {
    const out = runExhaustiveCli(
      ["--scenario", "f.json", "--exhaustive", "--max-faults", "2", "--max-work", "1000"],
      read,
    );
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(
      /^too much work: [\d,]+ schedules × about [\d,]+ events a run ≈ [\d,]+ events, over the limit of 1,000 \(--max-work\)\n/,
    );
    expect(out.stderr).toContain(
      "make it smaller: --max-faults 1, fewer lengths (--pauses, --jumps, --delays), a shorter durationMs, or fewer clients",
    );
  });

  it("writes progress at most once a second while the schedules run", () => {
    let t = 0;
    const lines: string[] = [];
    const io = { report: (line: string) => void lines.push(line), now: () => (t += 400) };
    const args = [
      "--scenario",
      "f.json",
      "--exhaustive",
      "--max-faults",
      "2",
      "--pauses",
      "1000,2000",
      "--jumps",
      "none",
      "--delays",
      "none",
    ];
    expect(JSON.parse(runExhaustiveCli(args, read, io).stdout).tried).toBe(79);
    // Before the last fault count the total is an estimate; from then on it is exact.
    expect(lines[0]).toBe("3 schedules run, of about 79");
    expect(lines.at(-1)).toBe("78 of 79 schedules");
  });
});
