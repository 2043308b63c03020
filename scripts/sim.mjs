// Starts the simulator's command line (scripts/sim.ts) from one esbuild bundle, as the bench does:
// plain node starts it in a fraction of the time tsx needs to compile the engine on every run, and
// the acceptance check runs the CLI dozens of times. The bundle is rebuilt first whenever it is
// missing (a clean clone after `npm ci`) or any file it was built from is newer than that build:
// esbuild's metafile lists those files, so an edit anywhere in lib/sim or to a dependency counts.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const cache = join(root, "node_modules", ".cache", "lease-lab");
const bundle = join(cache, "sim.mjs");
const manifest = join(cache, "sim.inputs.json");

/** True when the bundle exists and no file it was built from has changed since the build began. */
function isFresh() {
  if (!existsSync(bundle) || !existsSync(manifest)) return false;
  const { startedMs, inputs } = JSON.parse(readFileSync(manifest, "utf8"));
  return inputs.every((input) => {
    try {
      return statSync(join(root, input)).mtimeMs <= startedMs;
    } catch {
      return false; // a file it was built from is gone: rebuild, and let esbuild name what is missing
    }
  });
}

async function build() {
  const startedMs = Date.now();
  const { build: esbuild } = await import("esbuild");
  const result = await esbuild({
    absWorkingDir: root,
    entryPoints: ["scripts/sim.ts"],
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    metafile: true,
    outfile: bundle,
    logLevel: "warning",
  });
  mkdirSync(cache, { recursive: true });
  // Written under a private name and renamed, so a CLI started at the same moment never reads half a file.
  const temporary = `${bundle}.${process.pid}.tmp`;
  writeFileSync(temporary, result.outputFiles[0].contents);
  renameSync(temporary, bundle);
  writeFileSync(
    `${manifest}.${process.pid}.tmp`,
    JSON.stringify({ startedMs, inputs: Object.keys(result.metafile.inputs) }),
  );
  renameSync(`${manifest}.${process.pid}.tmp`, manifest);
}

if (!isFresh()) await build();
await import(pathToFileURL(bundle).href);
