/**
 * `npm test`: every check a change must pass, in order, stopping at the first that fails.
 * Lint, the type-check and the format check are single-threaded, so they run side by side;
 * the unit tests, the build and the browser tests each use every core, so they run one by one, and
 * the recordings on real servers run alone, because a busy machine makes their timers late.
 * Prints how long each step took, so a slow step is seen rather than guessed.
 */
import { spawn } from "node:child_process";

const steps = [["lint", "typecheck", "format:check"], ["test:unit"], ["test:real"], ["build"], ["budget"], ["test:e2e"]];

const run = (script) =>
  new Promise((resolve) => {
    const began = Date.now();
    const child = spawn("npm", ["run", "-s", script], { stdio: "inherit" });
    child.on("exit", (code, signal) => resolve({ script, code: code ?? 1, signal, seconds: (Date.now() - began) / 1000 }));
  });

const began = Date.now();
const timings = [];
for (const group of steps) {
  const results = await Promise.all(group.map(run));
  timings.push(...results);
  const failed = results.find((r) => r.code !== 0);
  if (failed) {
    console.error(`\nnpm test: ${failed.script} failed (${failed.signal ?? `exit ${failed.code}`})`);
    process.exit(failed.code || 1);
  }
}
console.log(`\nnpm test passed in ${((Date.now() - began) / 1000).toFixed(0)} s:`);
for (const t of timings) console.log(`  ${t.script.padEnd(10)} ${t.seconds.toFixed(0).padStart(4)} s`);
