/**
 * `npm run -s real:shipped [-- ID…]`: records the shipped scenarios (content/traces/manifest.json)
 * again, two at once, and writes content/traces/ID.json for each. A recording that disagrees with
 * the model is printed beside it and not shipped; it is tried again (three times in all), since a
 * busy machine can make a real client slow enough to change the story (a 1 s acquire that a pause
 * then interrupts). The agreement test, which never retries a disagreement, is the judge of
 * whether they agree in general.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { agreement, agreementTable } from "../../lib/real/agreement";
import { resultOfTrace } from "../../lib/real/replay";
import { shippedTraces } from "../../lib/real/shipped";
import { simulate } from "../../lib/sim/simulate";
import { bounded, recordInChild } from "./spawn";

const TRIES = 3;
const only = process.argv.slice(2);
const chosen = shippedTraces.filter((t) => only.length === 0 || only.includes(t.id));
let failed = 0;
await bounded(chosen, 2, async (t) => {
  const model = simulate(t.scenario);
  for (let i = 1; i <= TRIES; i++) {
    const r = await recordInChild(t.id, t.scenario);
    const rows = agreement(model.scenario, model.summary, resultOfTrace(r.trace).summary);
    process.stderr.write(`${t.id} (try ${i}): ${r.log.trim().split("\n").at(-1)}\n`);
    if (rows.every((row) => row.agree)) {
      writeFileSync(path.resolve("content/traces", `${t.id}.json`), `${JSON.stringify(r.trace, null, 1)}\n`);
      return;
    }
    process.stderr.write(`${agreementTable(rows)}\n`);
  }
  failed++;
});
process.exit(failed ? 1 : 0);
