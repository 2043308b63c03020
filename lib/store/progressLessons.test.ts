import { describe, expect, it } from "vitest";
import { progressMigrate } from "./progressMigrate";
import { progressEmpty } from "./progressSchema";
import { progressImportParse } from "./progressTransfer";
import { lessonUnderstood } from "./progressUpdate";

const now = new Date("2025-03-01T09:00:00.000Z");

/** Progress as version 1 saved it: no lessons field. */
function progressV1(): Record<string, unknown> {
  const progress: Record<string, unknown> = progressEmpty();
  delete progress.lessons;
  return progress;
}

describe("lessons marked as understood", () => {
  it("are kept by slug, and the mark can be taken back", () => {
    const marked = lessonUnderstood(progressEmpty(), "02-leases", true, now);
    expect(marked.lessons).toEqual({ "02-leases": { understoodAt: "2025-03-01T09:00:00.000Z" } });
    expect(lessonUnderstood(marked, "02-leases", false, now).lessons).toEqual({});
  });

  it("start empty in progress saved before lessons existed (version 1)", () => {
    expect(progressMigrate({ ...progressV1(), settings: { numberKeys: false } }, 1)).toEqual({
      ...progressEmpty(),
      settings: { numberKeys: false },
    });
  });

  it("load from an export made by version 1", () => {
    const file = JSON.stringify({
      format: "lease-lab-progress",
      version: 1,
      exportedAt: now.toISOString(),
      progress: progressV1(),
    });
    expect(progressImportParse(file)).toEqual({ ok: true, progress: progressEmpty(), exportedAt: now.toISOString() });
  });
});
