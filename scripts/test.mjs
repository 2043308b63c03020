/**
 * `npm test`: every check a change must pass, stopping at the first that fails.
 * The recordings on real servers spend a minute mostly waiting on their scenarios' timers, so they
 * run beside the checks that come before the browser tests (lint, and beside it the type-check and
 * the format check, then the unit tests, the build and the budget). Those checks run at the
 * lowest CPU priority (nice 19): a recording's timer that fires wakes its process ahead of them,
 * and stays on time. The browser tests use every core, so they run last, alone.
 * Prints how long each step took, so a slow step is seen rather than guessed.
 */
import { spawn } from "node:child_process";

/** Each lane is a list of groups run one after another; a group's scripts run side by side. */
const lanes = [
  { groups: [["test:real"]], nice: false },
  // Lint is the longest check and needs nothing else, so it has a lane of its own beside the chain.
  { groups: [["lint"]], nice: true },
  { groups: [["typecheck", "format:check"], ["test:unit"], ["build"], ["budget"]], nice: true },
];
const browserTests = { groups: [["test:e2e"]], nice: false };

const run = (script, nice) =>
  new Promise((resolve) => {
    const began = Date.now();
    const command = nice ? ["nice", ["-n", "19", "npm", "run", "-s", script]] : ["npm", ["run", "-s", script]];
    const child = spawn(...command, { stdio: "inherit" });
    child.on("exit", (code, signal) =>
      resolve({ script, code: code ?? 1, signal, seconds: (Date.now() - began) / 1000 }),
    );
  });

const timings = [];
/** Runs a lane's groups in order and stops at its first failure: the failed script, or null. */
async function runLane({ groups, nice }) {
  for (const group of groups) {
    const results = await Promise.all(group.map((script) => run(script, nice)));
    timings.push(...results);
    const failed = results.find((r) => r.code !== 0);
    if (failed) return failed;
  }
  return null;
}

function fail(failed) {
  console.error(`\nnpm test: ${failed.script} failed (${failed.signal ?? `exit ${failed.code}`})`);
  process.exit(failed.code || 1);
}

const began = Date.now();
// Both lanes finish before a failure is reported, so no server or browser is left running.
const failed = (await Promise.all(lanes.map(runLane))).find((f) => f !== null);
if (failed) fail(failed);
const e2eFailed = await runLane(browserTests);
if (e2eFailed) fail(e2eFailed);
console.log(`\nnpm test passed in ${((Date.now() - began) / 1000).toFixed(0)} s:`);
for (const t of timings) console.log(`  ${t.script.padEnd(12)} ${t.seconds.toFixed(0).padStart(4)} s`);
