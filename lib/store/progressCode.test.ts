import { describe, expect, it } from "vitest";
import { codeLevelPassed } from "./progressCode";
import { progressMigrate } from "./progressMigrate";
import { progressEmpty, progressParse } from "./progressSchema";
import { progressImportParse } from "./progressTransfer";

const monday = new Date("2026-12-07T10:00:00Z");
const tuesday = new Date("2026-12-08T10:00:00Z");

describe("code levels in progress", () => {
  it("keeps the first pass's date and the best par score", () => {
    let p = codeLevelPassed(
      progressEmpty(),
      "plain-del",
      { fingerprint: "a1", best: { kind: "service-calls", value: 9, met: false } },
      monday,
    );
    p = codeLevelPassed(
      p,
      "plain-del",
      { fingerprint: "b2", best: { kind: "service-calls", value: 6, met: true } },
      tuesday,
    );
    expect(p.code["plain-del"]).toEqual({
      solvedAt: monday.toISOString(),
      fingerprint: "b2",
      best: { kind: "service-calls", value: 6, met: true },
    });
    const worse = codeLevelPassed(
      p,
      "plain-del",
      { fingerprint: "c3", best: { kind: "service-calls", value: 7, met: true } },
      tuesday,
    );
    expect(worse).toBe(p);
    expect(progressParse(JSON.parse(JSON.stringify(p)))).toEqual(p);
  });

  it("migrates a version 5 save, which kept no code levels", () => {
    const { code, ...v5 } = progressEmpty();
    expect(code).toEqual({});
    expect(progressMigrate(v5, 5)).toEqual(progressEmpty());
  });

  it("exports and imports code levels with the rest", () => {
    const p = codeLevelPassed(
      progressEmpty(),
      "no-expiry",
      { fingerprint: "f", best: { kind: "finish-ms", value: 12000, met: true } },
      monday,
    );
    const file = JSON.stringify({
      format: "lease-lab-progress",
      version: 6,
      exportedAt: monday.toISOString(),
      progress: p,
    });
    expect(progressImportParse(file)).toEqual({ ok: true, progress: p, exportedAt: monday.toISOString() });
  });
});
