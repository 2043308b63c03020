// Writes out/sw.js after `next build` (npm's postbuild): the service worker in scripts/offline/sw.js
// with the list of files to precache and a version that changes whenever any of them does. The
// list is every file of the static export a page can load, less the client-side navigation data
// (.txt, which the router can do without: offline it loads the page itself) and source maps.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const out = fileURLToPath(new URL("../../out", import.meta.url));
const source = fileURLToPath(new URL("./sw.js", import.meta.url));
const SKIPPED = [".txt", ".map"];

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : [path];
  });
}

if (!existsSync(join(out, "index.html"))) {
  console.error("build-sw: out/index.html is missing. Run `next build` first.");
  process.exit(1);
}

const hash = createHash("sha256");
const urls = [];
for (const file of files(out).sort()) {
  const url = `/${relative(out, file).split(sep).join("/")}`;
  // /room.json is the server's answer, not the site's: `npm run room` serves its own in place of the build's.
  if (url === "/sw.js" || url === "/room.json" || SKIPPED.some((ext) => url.endsWith(ext))) continue;
  urls.push(url);
  hash.update(url).update("\0").update(readFileSync(file));
}
const version = hash.digest("hex").slice(0, 16);
const worker = readFileSync(source, "utf8")
  .replace("self.__PRECACHE_URLS", JSON.stringify(urls))
  .replace("self.__PRECACHE_VERSION", JSON.stringify(version));
writeFileSync(join(out, "sw.js"), worker);
console.log(`build-sw: out/sw.js precaches ${urls.length} files (version ${version})`);
