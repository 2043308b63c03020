import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openTraceValue } from "./open";
import type { Trace } from "./trace";

const trace = (id: string): Trace =>
  JSON.parse(readFileSync(path.join(__dirname, "../../content/traces", `${id}.json`), "utf8"));
const differsAt = (t: Trace) => {
  const opened = openTraceValue("t.json", t);
  if (!opened.ok || opened.run.kind !== "recording") throw new Error("not opened");
  return opened.run;
};

describe("where a recorded run and the model part ways", () => {
  it("nowhere, for a shipped recording that agrees with the model, whatever its timings", () => {
    for (const id of ["gc-pause", "gc-pause-fenced", "pg-lock-table-skew"])
      expect(differsAt(trace(id)).differsAt, id).toBeNull();
  });

  it("at the model's write that the recording lacks", () => {
    const edited = trace("gc-pause");
    const late = edited.events.findLastIndex((e) => e.kind === "write" && e.client === "c1");
    edited.events.splice(late, 1);
    const run = differsAt(edited);
    const modelLate = run.model.facts.writes.find((w) => w.client === "c1")!;
    expect(run.differsAt).toBe(modelLate.t);
  });
});
