import type { NextConfig } from "next";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

// The Web Workers' bundles (scripts/workers/build.mjs, run before every build and `next dev`): their
// version goes into each worker's URL (lib/workers/workerScript.ts).
const workersDir = join(process.cwd(), "public", "workers");
if (!existsSync(workersDir))
  throw new Error("public/workers is missing: run `npm run workers` (npm run build and npm run dev do it first).");
const workersHash = createHash("sha256");
for (const file of readdirSync(workersDir, { recursive: true, encoding: "utf8" }).sort()) {
  const path = join(workersDir, file);
  if (file.endsWith(".js")) workersHash.update(file).update("\0").update(readFileSync(path));
}

// A static site: `next build` writes plain files to out/, which any static host (or
// scripts/serve.mjs) can serve. Directory-style URLs make /about/ resolve to about/index.html.
const nextConfig: NextConfig = {
  output: "export",
  trailingSlash: true,
  images: { unoptimized: true },
  // For scripts/trace-load.mjs, which maps a page's long tasks back to the sources: SOURCE_MAPS=1 npm run build.
  productionBrowserSourceMaps: process.env.SOURCE_MAPS === "1",
  env: { NEXT_PUBLIC_WORKERS_VERSION: workersHash.digest("hex").slice(0, 12) },
  // `npm test` runs `tsc --noEmit` over the whole project before it builds, so the build does not
  // type-check the app a second time (on a 2-core machine that second pass took minutes).
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // CI builds once from a clean clone: a Turbopack cache written there is never read again.
    turbopackFileSystemCacheForBuild: !process.env.CI,
  },
};

export default nextConfig;
