/**
 * Results frozen before an optimisation: 1,000 generated scenarios over every lock service,
 * workload, guard and fault, and every preset (scripts/freeze-summaries.ts wrote them with their
 * digests). Re-simulated today, each full run must give the same summary, the same counts and the
 * same hash of every part of its result, and its summary-only run the same summary, facts,
 * violations, warnings and series. A change meant to change results regenerates the fixture on purpose.
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { digestOf, firstDifference, SUMMARY_ONLY_PARTS, type FrozenEntry } from "./digest";
import { simulate } from "./simulate";

const fixture = JSON.parse(
  gunzipSync(readFileSync(new URL("./frozenSummaries.json.gz", import.meta.url))).toString("utf8"),
) as { entries: FrozenEntry[] };
const entries = fixture.entries;

/** The first entry whose run differs from its frozen digest, named with the first field that differs. */
function firstMismatch(run: (entry: FrozenEntry) => string | null): string | null {
  let mismatches = 0;
  let first: string | null = null;
  for (const entry of entries) {
    const difference = run(entry);
    if (difference) {
      mismatches++;
      first ??= `${entry.name} (seed ${entry.scenario.seed ?? 1}, ${entry.scenario.service.kind}): ${difference}`;
    }
  }
  return first && `${mismatches} of ${entries.length} runs differ; the first is ${first}`;
}

describe("the frozen summaries", () => {
  it("cover every lock service, workload, guard and fault, in safe and unsafe runs", () => {
    const seen = new Set(
      entries.flatMap((e) => [
        `service:${e.scenario.service.kind}`,
        `workload:${e.scenario.workload?.kind ?? "counter"}`,
        `guard:${e.scenario.storage?.guard ?? "none"}`,
        `verdict:${e.digest.summary.verdict}`,
        ...(e.scenario.faults ?? []).map((f) => `fault:${f.kind}`),
      ]),
    );
    const services = ["redis", "redlock", "etcd", "zookeeper", "chubby", "postgres", "kubernetes", "none"];
    const faults = [
      "pause",
      "crash",
      "clock-jump",
      "partition",
      "isolate",
      "delay",
      "failover",
      "outage",
      "storage-failover",
    ];
    const expected = [
      ...services.map((s) => `service:${s}`),
      ...["counter", "cron", "stream"].map((w) => `workload:${w}`),
      ...["none", "fencing", "cas", "idempotency"].map((g) => `guard:${g}`),
      ...["safe", "unsafe", "undecided"].map((v) => `verdict:${v}`),
      ...faults.map((f) => `fault:${f}`),
    ];
    expect(expected.filter((key) => !seen.has(key))).toEqual([]);
    expect(entries.length).toBeGreaterThanOrEqual(1000);
  });

  it("are what a full run of each scenario gives today: summary, counts and a hash of every part of the result", () => {
    expect(firstMismatch((entry) => firstDifference(entry.digest, digestOf(simulate(entry.scenario))))).toBeNull();
  }, 300_000);

  it("are what a summary-only run of each scenario gives today: the same summary, facts, violations, warnings and series", () => {
    expect(
      firstMismatch((entry) => {
        const frozen = entry.digest;
        const counts = Object.fromEntries(
          Object.entries(frozen.counts).filter(([key]) => key !== "events" && key !== "spans"),
        );
        const hashes = Object.fromEntries(SUMMARY_ONLY_PARTS.map((part) => [part, frozen.hashes[part]]));
        return firstDifference(
          { summary: frozen.summary, counts, hashes },
          digestOf(simulate(entry.scenario, { summaryOnly: true }), SUMMARY_ONLY_PARTS),
        );
      }),
    ).toBeNull();
  }, 300_000);
});
