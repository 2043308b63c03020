// Bundles each Web Worker with esbuild into public/workers/NAME.js, with the code they share in
// public/workers/chunks/ (npm's prebuild and predev run this; Next copies public/ into out/). The
// page starts them from there (lib/workers/workerScript.ts) rather than letting Next's bundler
// build them: in Chromium on this project's 2-core machine the failure map ran about 1.5 times as
// fast on esbuild's bundle, which puts the modules of a chunk in one scope, as on Turbopack's
// worker chunks, which keep each module apart and call between them through its exports object.
// With --watch (beside `npm run dev`) it rebuilds the bundles whenever their code changes.
import { context } from "esbuild";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { WORKERS } from "./list.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));

// Chunks are named by their content: an old build's would otherwise stay behind beside the new.
rmSync(`${root}public/workers`, { recursive: true, force: true });
const builder = await context({
  absWorkingDir: root,
  entryPoints: WORKERS,
  outdir: "public/workers",
  bundle: true,
  format: "esm",
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  platform: "browser",
  target: "es2022",
  minify: true,
  legalComments: "none",
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});
if (process.argv.includes("--watch")) await builder.watch();
else {
  await builder.rebuild();
  await builder.dispose();
}
