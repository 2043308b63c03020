import { describe, expect, it } from "vitest";
import { runCli } from "./cli";
import { named, scenario } from "./testing";

const noFiles = (path: string): string => {
  throw new Error(`ENOENT: no such file, open '${path}'`);
};
const files = (contents: Record<string, unknown>) => (path: string) => {
  if (!(path in contents)) return noFiles(path);
  const c = contents[path];
  return typeof c === "string" ? c : JSON.stringify(c);
};

/** The CLI is given its named scenarios; the course's presets in production, one of the tests' own here. */
const known = [{ id: "gc-pause", scenario: named("gc-pause") }];

describe("runCli", () => {
  it("runs a preset and prints its summary, violations and warnings as one JSON object", () => {
    const out = runCli(["--preset", "gc-pause"], noFiles, known);
    expect(out.status).toBe(0);
    expect(out.stderr).toBe("");
    const printed = JSON.parse(out.stdout);
    expect(Object.keys(printed).sort()).toEqual(["summary", "violations", "warnings"]);
    expect(printed.summary).toMatchObject({ verdict: "unsafe", lostUpdates: 1 });
    expect(printed.violations.map((v: { kind: string }) => v.kind)).toContain("lost-update");
    expect(printed.warnings).toEqual([]);
  });

  it("adds the event log with --events", () => {
    const out = runCli(["--preset", "gc-pause", "--events"], noFiles, known);
    expect(out.status).toBe(0);
    const printed = JSON.parse(out.stdout);
    expect(Object.keys(printed).sort()).toEqual(["events", "summary", "violations", "warnings"]);
    expect(printed.events.length).toBeGreaterThan(10);
    expect(printed.events[0]).toMatchObject({
      t: expect.any(Number),
      seq: expect.any(Number),
      kind: expect.any(String),
      proc: expect.any(String),
    });
  });

  it("runs seeds 1..N with --seeds and prints the sweep", () => {
    const out = runCli(["--preset", "gc-pause", "--seeds", "3"], noFiles, known);
    expect(out.status).toBe(0);
    const printed = JSON.parse(out.stdout);
    // A 15 s pause outlives a 10 s lease whatever the seed: every run loses c2's increment.
    expect(printed).toMatchObject({
      runs: 3,
      unsafeRuns: 3,
      overlapRuns: 3,
      lostUpdateRuns: 3,
      lostUpdates: 3,
      firstUnsafeSeed: 1,
    });
  });

  it("runs a scenario file", () => {
    const out = runCli(
      ["--scenario", "s.json"],
      files({ "s.json": scenario({ service: { kind: "redis", ttlMs: 10_000 } }) }),
    );
    expect(out.status).toBe(0);
    expect(JSON.parse(out.stdout).summary).toMatchObject({ verdict: "safe", counter: 2, jobsDone: 2 });
  });

  it("prints the etcd TTL warning of a clamped scenario", () => {
    const out = runCli(
      ["--scenario", "s.json"],
      files({ "s.json": scenario({ service: { kind: "etcd", ttlMs: 1000 } }) }),
    );
    expect(out.status).toBe(0);
    expect(JSON.parse(out.stdout).warnings).toEqual([expect.stringMatching(/service\.ttlMs .*2000/)]);
  });

  it("exits 2 on an invalid scenario with one error per line on stderr, each naming its path", () => {
    const invalid = { version: 1, durationMs: 3_600_001, service: { kind: "redis", ttlMs: 0 }, clients: { count: 65 } };
    const out = runCli(["--scenario", "bad.json"], files({ "bad.json": invalid }));
    expect(out.status).toBe(2);
    expect(out.stdout).toBe("");
    const lines = out.stderr.split("\n");
    expect(lines).toHaveLength(3);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^durationMs: /),
        expect.stringMatching(/^service\.ttlMs: /),
        expect.stringMatching(/^clients\.count: /),
      ]),
    );
  });

  it("exits 2 on a file that is not JSON, naming the file", () => {
    const out = runCli(["--scenario", "bad.json"], files({ "bad.json": "{ nope" }));
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(/bad\.json/);
  });

  it("exits 2 on a file it cannot read, naming the file", () => {
    const out = runCli(["--scenario", "missing.json"], noFiles);
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(/missing\.json/);
  });

  it("exits 2 on an unknown preset, listing the known ones", () => {
    const out = runCli(["--preset", "no-such-preset"], noFiles, known);
    expect(out.status).toBe(2);
    expect(out.stdout).toBe("");
    expect(out.stderr).toMatch(/no-such-preset/);
    expect(out.stderr).toMatch(/gc-pause/);
  });

  it("exits 2 without a scenario or preset, or with both, or an unknown argument", () => {
    expect(runCli([], noFiles).status).toBe(2);
    expect(runCli(["--preset", "gc-pause", "--scenario", "s.json"], noFiles).status).toBe(2);
    expect(runCli(["--preset", "gc-pause", "--frobnicate"], noFiles)).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/--frobnicate/),
    });
  });

  it("exits 2 on a --seeds that is not a whole number from 1", () => {
    expect(runCli(["--preset", "gc-pause", "--seeds", "0"], noFiles)).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/^--seeds/),
    });
    expect(runCli(["--preset", "gc-pause", "--seeds", "2.5"], noFiles).status).toBe(2);
  });
});

/** A clock that moves 400 ms each time it is read, and the lines a batch writes while it runs. */
function fakeIo() {
  let t = 0;
  const lines: string[] = [];
  return { lines, io: { report: (line: string) => void lines.push(line), now: () => (t += 400) } };
}

describe("runCli on a long batch", () => {
  it("refuses a batch over --max-work after its first run, with the estimate and how to shrink it", () => {
    const { lines, io } = fakeIo();
    const out = runCli(["--preset", "gc-pause", "--seeds", "500", "--max-work", "10000"], noFiles, known, io);
    expect(out.status).toBe(2);
    expect(out.stdout).toBe("");
    const [refusal, shrink] = out.stderr.split("\n");
    expect(refusal).toMatch(
      /^too much work: 500 seeds × about [\d,]+ events a run ≈ [\d,]+ events, over the limit of 10,000 \(--max-work\)$/,
    );
    const perRun = Number(refusal!.match(/about ([\d,]+) events a run/)![1]!.replace(/,/g, ""));
    expect(shrink).toContain(
      `fewer seeds (--seeds ${Math.floor(10_000 / perRun)} fits), a shorter durationMs, or fewer clients or jobs`,
    );
    expect(lines).toEqual([]);
  });

  it("writes progress at most once a second while the seeds run", () => {
    const { lines, io } = fakeIo();
    const out = runCli(["--preset", "gc-pause", "--seeds", "6"], noFiles, known, io);
    expect(out.status).toBe(0);
    expect(JSON.parse(out.stdout).runs).toBe(6);
    // The clock moves 400 ms a reading: a line every third run.
    expect(lines).toEqual(["3 of 6 seeds", "6 of 6 seeds"]);
  });

  it("exits 2 on a --max-work that is not a whole number of events", () => {
    expect(runCli(["--preset", "gc-pause", "--seeds", "2", "--max-work", "lots"], noFiles, known).stderr).toMatch(
      /^--max-work: must be a whole number/,
    );
  });
});

describe("sim --help", () => {
  it("prints the usage and the summary's new fields and warnings, exit 0", () => {
    const out = runCli(["--help"], () => "");
    expect(out.status).toBe(0);
    for (const term of [
      "undecided",
      "concurrentSectionsMs",
      "writesPending",
      "staleWritesPending",
      "pending: ",
      "duplicateEffects",
    ])
      expect(out.stdout).toContain(term);
  });
});
