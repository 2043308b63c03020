/**
 * Grading a class's files on the command line (issue 52, item 8): `npm run -s sim -- --client
 * FILE.js --level ID` prints the same verdict the page shows, and a file that loops forever or
 * reaches for real time is stopped or told, not trusted.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), "lease-lab-code-"));
const level = readFileSync(path.join(root, "content/code/01-no-expiry.md"), "utf8");
const [starter, solution] = [...level.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!);

function file(name: string, source: string): string {
  const at = path.join(dir, name);
  writeFileSync(at, source);
  return at;
}

function sim(args: string[]) {
  const out = spawnSync(process.execPath, ["scripts/sim.mjs", ...args], {
    cwd: root,
    encoding: "utf8",
    timeout: 300_000,
  });
  return { status: out.status, stdout: out.stdout, stderr: out.stderr };
}

describe("sim --client", { timeout: 300_000 }, () => {
  it("grades each file of a class on a level: the starter fails with its counterexample, the fix passes", () => {
    const out = sim([
      "--client",
      file("ana.js", starter!),
      "--client",
      file("ben.js", solution!),
      "--level",
      "no-expiry",
    ]);
    expect(out.status).toBe(0);
    const [ana, ben] = JSON.parse(out.stdout) as {
      file: string;
      verdict: { passed: boolean; live: boolean; counterexample: { reason: string; explanations: string[] } | null };
    }[];
    expect(ana!.file).toMatch(/ana\.js$/);
    expect(ana!.verdict).toMatchObject({ passed: false, live: false, counterexample: { reason: "not-live" } });
    expect(ana!.verdict.counterexample!.explanations[0]).toMatch(/^Crash c\d at .* restarts 3\.0 s later/);
    expect(ben!.verdict).toMatchObject({ passed: true, counterexample: null });
  });

  it("stops a file that loops forever at its time limit, and tells a file that reads the real clock what to use", () => {
    // The loop's limit is short so the test is; the file that behaves gets the default, however busy the machine.
    const loop = JSON.parse(
      sim([
        "--client",
        file("loop.js", "function* client() { while (true) {} }\n"),
        "--level",
        "no-expiry",
        "--time-limit",
        "3",
      ]).stdout,
    ) as { error: string };
    expect(loop.error).toBe(
      "The check did not finish: it ran past its time limit of 3 s (an endless loop?) and was stopped.",
    );
    const out = sim([
      "--client",
      file("date.js", "function* client(api) {\n  yield api.sleep(1);\n  api.log(Date.now());\n}\n"),
      "--level",
      "no-expiry",
    ]);
    expect(out.status).toBe(0);
    const date = JSON.parse(out.stdout) as {
      verdict?: { passed: boolean; errors: { message: string; line: number | null }[] };
    };
    expect(date.verdict!.passed).toBe(false);
    expect(date.verdict!.errors[0]).toEqual({
      client: "c1",
      message: expect.stringMatching(
        /^Error: true time is not available to a lock client: .*clock\.wall\(\)` or `clock\.monotonic\(\)/,
      ),
      line: 3,
    });
  });

  it("names what is wrong with its arguments", () => {
    expect(sim(["--client", file("x.js", solution!), "--level", "no-such-level"])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('--level: unknown level "no-such-level" (known: no-expiry'),
    });
    expect(sim(["--level", "no-expiry"])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining("give at least one --client FILE.js"),
    });
    const broken = JSON.parse(
      sim(["--client", file("broken.js", "function* client( {\n"), "--level", "no-expiry"]).stdout,
    ) as { error: string; line: number };
    expect(broken).toEqual({
      file: expect.stringMatching(/broken\.js$/),
      error: expect.stringMatching(/^Syntax error: /),
      line: 2,
    });
  });
});
