/**
 * `npm run -s real:shipped [-- ID…]`: records the shipped scenarios (content/traces/manifest.json)
 * again, four at once, and writes content/traces/ID.json for each.
 */
import path from "node:path";
import { shippedTraces } from "../../lib/real/shipped";
import { bounded, recordInChild } from "./spawn";

const only = process.argv.slice(2);
const chosen = shippedTraces.filter((t) => only.length === 0 || only.includes(t.id));
await bounded(chosen, 4, async (t) => {
  const r = await recordInChild(t.id, t.scenario, path.resolve("content/traces", `${t.id}.json`));
  process.stderr.write(`${t.id}: ${r.log.trim().split("\n").at(-1)}\n`);
});
