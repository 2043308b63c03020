// The weight budget (issue 19, item 2): the gzip size of every script a page's HTML loads, summed
// per page of the static export in out/. Prints a table and exits 1 if a page is over its budget,
// so `npm test` (which runs this after the build) stops a regression before it ships.
//   npm run -s budget            the table
//   npm run -s budget -- --chunks also each script's own size, largest first, to see what is heavy
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const out = fileURLToPath(new URL("../out", import.meta.url));
const KB = 1000;

/** The budget of a page, by its URL path: the lab, a lesson and a deck's views carry the simulator and its pictures. */
function budgetOf(path) {
  if (path === "/lab/" || /^\/(learn|present)\/[^/]+\//.test(path)) return 250 * KB;
  return 200 * KB;
}

function htmlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "_next" ? [] : htmlFiles(path);
    return entry.name.endsWith(".html") ? [path] : [];
  });
}

/** out/learn/x/index.html → /learn/x/; out/404.html → /404 */
function urlOf(file) {
  const rel = relative(out, file).split(sep).join("/");
  if (rel === "index.html") return "/";
  return rel.endsWith("/index.html") ? `/${rel.slice(0, -"index.html".length)}` : `/${rel.replace(/\.html$/, "")}`;
}

/**
 * Every external script a current browser loads for the page: the <script src> tags Next emits for
 * each first-load chunk. A `nomodule` script (Next's legacy polyfills) is left out: a browser that
 * runs modules, as every browser the site supports does, neither fetches nor runs it.
 */
function scriptsOf(html) {
  const sources = new Set();
  for (const tag of html.matchAll(/<script\b[^>]*>/g)) {
    const src = /\ssrc="([^"]+)"/.exec(tag[0])?.[1];
    if (src && !/\snomodule\b/i.test(tag[0])) sources.add(src.split("?")[0]);
  }
  return [...sources];
}

const gzipCache = new Map();
function gzipSize(src) {
  if (!gzipCache.has(src)) {
    const file = join(out, decodeURIComponent(src));
    if (!existsSync(file)) throw new Error(`${src} is loaded by a page but is not in out/`);
    gzipCache.set(src, gzipSync(readFileSync(file)).length);
  }
  return gzipCache.get(src);
}

if (!existsSync(join(out, "index.html"))) {
  console.error("budget: out/index.html is missing. Run `npm run build` first.");
  process.exit(1);
}

const pages = htmlFiles(out)
  .map((file) => {
    const path = urlOf(file);
    const scripts = scriptsOf(readFileSync(file, "utf8"));
    const bytes = scripts.reduce((sum, src) => sum + gzipSize(src), 0);
    return { path, scripts, bytes, budget: budgetOf(path) };
  })
  .sort((a, b) => b.bytes - a.bytes || a.path.localeCompare(b.path));

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const rows = [["page", "scripts", "gzip", "budget", ""]].concat(
  pages.map((p) => [p.path, String(p.scripts.length), kb(p.bytes), kb(p.budget), p.bytes > p.budget ? "OVER" : "ok"]),
);
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
for (const row of rows)
  console.log(
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join("  ")
      .trimEnd(),
  );

if (process.argv.includes("--chunks")) {
  const users = new Map();
  for (const p of pages) for (const src of p.scripts) users.set(src, (users.get(src) ?? 0) + 1);
  console.log("\nscript (gzip, pages that load it)");
  for (const [src, count] of [...users].sort((a, b) => gzipSize(b[0]) - gzipSize(a[0])))
    console.log(`${kb(gzipSize(src)).padStart(9)}  ${String(count).padStart(3)}  ${src}`);
}

const over = pages.filter((p) => p.bytes > p.budget);
if (over.length) {
  console.error(
    `\nbudget: ${over.length} of ${pages.length} pages load more script than they may (gzip): ${over.map((p) => `${p.path} ${kb(p.bytes)} > ${kb(p.budget)}`).join(", ")}`,
  );
  process.exit(1);
}
console.log(`\nbudget: all ${pages.length} pages within their budgets`);
