/**
 * The house rules are enforced by lint (eslint.config.mjs): these plant a violation of each and
 * check that ESLint reports it, so a rule that stops working fails here rather than silently.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";

const root = join(__dirname, "..");
// The project's own config, but for its ignoring the fixtures' folders, which the other checks skip.
const eslint = new ESLint({ cwd: root, overrideConfig: { ignores: ["!**/lint-fixture-*/**"] } });
// Planted files live on disk (the import rules resolve real files), in folders removed afterwards.
const engineDir = mkdtempSync(join(root, "lib", "sim", "lint-fixture-"));
const libDir = mkdtempSync(join(root, "lib", "lint-fixture-"));
const scenarioDir = mkdtempSync(join(root, "lib", "scenario", "lint-fixture-"));
const realDir = mkdtempSync(join(root, "lib", "real", "lint-fixture-"));
afterAll(() =>
  [engineDir, libDir, scenarioDir, realDir].forEach((dir) => rmSync(dir, { recursive: true, force: true })),
);

async function messagesOf(code: string, dir: string, name: string): Promise<string[]> {
  writeFileSync(join(dir, name), code);
  const [result] = await eslint.lintFiles([relative(root, join(dir, name))]);
  return result!.messages.map((m) => m.message);
}

describe("the lint rules", { timeout: 180_000 }, () => {
  it("keep React and the rest of the app out of the engine", async () => {
    const messages = await messagesOf(
      'import { useState } from "react";\nimport { storyOf } from "@/lib/readers/story";\nexport const x = [useState, storyOf];\n',
      engineDir,
      "planted.ts",
    );
    expect(messages.some((m) => m.includes("'react' import is restricted"))).toBe(true);
    expect(messages.some((m) => m.includes("lib/sim is the pure engine"))).toBe(true);
  });

  it("keep React and views out of lib/", async () => {
    const messages = await messagesOf(
      'import { useState } from "react";\nimport { Container } from "@/components/ui/Container";\nexport const x = [useState, Container];\n',
      libDir,
      "views.ts",
    );
    expect(messages.filter((m) => m.includes("is restricted")).length).toBe(2);
  });

  it("keep the test harness out of production code", async () => {
    const messages = await messagesOf(
      'import { run } from "@/lib/sim/testing";\nexport const r = run;\n',
      libDir,
      "harness.ts",
    );
    expect(
      messages.some((m) => m.includes("The test harnesses and the engine tests' own scenarios are for tests only")),
    ).toBe(true);
    // The code clients' tests share their generated faults in a module of its own: the engine may not use it.
    const arbitraries = await messagesOf(
      'import { knobs } from "../code/testClients";\nexport const k = knobs;\n',
      engineDir,
      "arbitraries.ts",
    );
    expect(
      arbitraries.some((m) => m.includes("The test harnesses and the engine tests' own scenarios are for tests only")),
    ).toBe(true);
  });

  it("keep tests from being imported, by code or by other tests, so no cycle can pass through one", async () => {
    writeFileSync(join(libDir, "shared.test.ts"), "export const fixture = 1;\n");
    const byCode = await messagesOf(
      'import { fixture } from "./shared.test";\nexport const x = fixture;\n',
      libDir,
      "code.ts",
    );
    const byTest = await messagesOf(
      'import { fixture } from "./shared.test";\nexport const y = fixture;\n',
      libDir,
      "other.test.ts",
    );
    for (const messages of [byCode, byTest])
      expect(messages.some((m) => m.includes("Nothing imports a test file"))).toBe(true);
  });

  it("keep toLocaleString, which loads ICU on its first call, out of the app's code", async () => {
    const messages = await messagesOf('export const n = (9720).toLocaleString("en-US");\n', libDir, "grouped.ts");
    expect(messages.some((m) => m.includes("Write numbers with groupDigits"))).toBe(true);
  });

  it("find an import cycle", async () => {
    writeFileSync(join(libDir, "b.ts"), 'import { a } from "./a";\nexport const b = () => a;\n');
    const messages = await messagesOf('import { b } from "./b";\nexport const a = () => b;\n', libDir, "a.ts");
    expect(messages.some((m) => m.startsWith("Dependency cycle, type imports counted:"))).toBe(true);
  });

  it("find an import cycle made only of type imports, which import/no-cycle lets pass", async () => {
    writeFileSync(join(libDir, "typeB.ts"), 'import type { A } from "./typeA";\nexport type B = { a: A | null };\n');
    const messages = await messagesOf(
      'import type { B } from "./typeB";\nexport type A = { b: B | null };\n',
      libDir,
      "typeA.ts",
    );
    expect(messages).toContain(
      `Dependency cycle, type imports counted: ${relative(root, join(libDir, "typeA.ts"))} → ${relative(root, join(libDir, "typeB.ts"))} → ${relative(root, join(libDir, "typeA.ts"))}.`,
    );
  });

  it("keep imports going down the pipeline: scenario → sim, never scenario → readers", async () => {
    const upward = await messagesOf(
      'import { storyOf } from "@/lib/readers/story";\nexport const s = storyOf;\n',
      scenarioDir,
      "upward.ts",
    );
    expect(upward).toContain(
      "lib/scenario may not import lib/readers: readers comes later in the pipeline than scenario (ARCHITECTURE.md §2). Move the shared piece down, or the caller up.",
    );
    // A relative path is followed to its folder too.
    const fromChallenges = await messagesOf(
      'import { arcadeLevel } from "../../challenges/arcade";\nexport const a = arcadeLevel;\n',
      realDir,
      "later.ts",
    );
    expect(fromChallenges.some((m) => m.startsWith("lib/real may not import lib/challenges"))).toBe(true);
    const downward = await messagesOf(
      'import { simulate } from "@/lib/sim/simulate";\nexport const run = simulate;\n',
      scenarioDir,
      "downward.ts",
    );
    expect(downward.filter((m) => m.includes("pipeline"))).toEqual([]);
  });

  it("place every folder of lib/ in the pipeline", async () => {
    const messages = await messagesOf(
      'import { x } from "@/lib/nowhere/thing";\nexport const y = x;\n',
      scenarioDir,
      "unplaced.ts",
    );
    expect(messages.some((m) => m.startsWith("lib/nowhere has no place in the pipeline"))).toBe(true);
  });
});
