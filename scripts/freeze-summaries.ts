/**
 * Writes lib/sim/frozenSummaries.json.gz: 1,000 generated scenarios (lib/sim/generators.ts
 * `everyScenario`, a fixed fast-check seed) and every preset, each with the digest of its full run
 * (lib/sim/digest.ts). lib/sim/frozenSummaries.test.ts re-simulates them all and expects the same
 * digests, so an optimisation of the engine that changes any result fails there.
 *
 * Regenerate only on purpose, when a change is meant to change results:
 *   npx tsx scripts/freeze-summaries.ts --write
 * Without --write it only reports what it would write and how the scenarios cover the engine.
 */
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { presets } from "../lib/scenario/presets";
import { digestOf, type FrozenEntry } from "../lib/sim/digest";
import { everyScenario } from "../lib/sim/generators";
import { validateScenario, type Scenario } from "../lib/sim/scenario";
import { simulate } from "../lib/sim/simulate";

const FIXTURE = new URL("../lib/sim/frozenSummaries.json.gz", import.meta.url);
const GENERATED = 1000;
const SEED = 20_261_202;

const generated: FrozenEntry[] = [];
let refused = 0;
for (let round = 0; generated.length < GENERATED; round++) {
  for (const scenario of fc.sample(everyScenario, { numRuns: 200, seed: SEED + round })) {
    if (generated.length === GENERATED) break;
    if (!validateScenario(scenario).ok) {
      refused++;
      continue;
    }
    generated.push({ name: `generated ${generated.length + 1}`, scenario, digest: digestOf(simulate(scenario)) });
  }
}
const fromPresets = presets.map((p) => ({
  name: `preset ${p.id}`,
  scenario: p.scenario as Scenario,
  digest: digestOf(simulate(p.scenario as Scenario)),
}));
const entries = [...generated, ...fromPresets];

const tally = (of: (e: FrozenEntry) => string[]) => {
  const counts: Record<string, number> = {};
  for (const e of generated) for (const key of of(e)) counts[key] = (counts[key] ?? 0) + 1;
  return counts;
};
console.log(
  `${generated.length} generated scenarios (${refused} draws refused by validation) and ${fromPresets.length} presets`,
);
console.log(
  "services:",
  tally((e) => [e.scenario.service.kind]),
);
console.log(
  "workloads:",
  tally((e) => [e.scenario.workload?.kind ?? "counter"]),
);
console.log(
  "guards:",
  tally((e) => [e.scenario.storage?.guard ?? "none"]),
);
console.log(
  "faults:",
  tally((e) => (e.scenario.faults ?? []).map((f) => f.kind)),
);
console.log(
  "verdicts:",
  tally((e) => [e.digest.summary.verdict]),
);

const body = gzipSync(JSON.stringify({ seed: SEED, entries }), { level: 9 });
if (process.argv.includes("--write")) {
  writeFileSync(FIXTURE, body);
  console.log(`wrote ${FIXTURE.pathname} (${Math.round(body.length / 1024)} KB)`);
} else {
  console.log(`would write ${Math.round(body.length / 1024)} KB; run with --write to replace the frozen summaries`);
}
