// Serves the static export in out/ with no dependencies: `npm run serve` (scripts/serve.mjs), the
// Playwright tests and `npm run room` (scripts/room.ts) all answer requests with this handler.
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";

const gzip = promisify(gzipCallback);

// Node refuses request headers over 16 KB with 431, before the app can say anything. The lab
// refuses a scenario code over 20,000 characters with its own notice, so servers of the site must
// accept longer URLs than that: the server's limit is never the one a visitor meets.
export const MAX_HEADER_SIZE = 1024 * 1024;

export const siteRoot = resolve(fileURLToPath(new URL("../out", import.meta.url)));

const contentTypes = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
  ".map": "application/json; charset=utf-8",
};

export async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The file a URL path names, or null: /x/ → x/index.html, /x → x, x.html or x/index.html. */
async function resolveFile(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0")) return null;
  const base = join(root, normalize(decoded));
  // normalize() folds "..", so anything that still lands outside out/ was a traversal attempt.
  if (base !== root && !base.startsWith(root + sep)) return null;
  const candidates = decoded.endsWith("/")
    ? [join(base, "index.html")]
    : [base, `${base}.html`, join(base, "index.html")];
  for (const candidate of candidates) if (await isFile(candidate)) return candidate;
  return null;
}

/** Text compresses to a fraction (the lab's scripts to about a third); images and fonts are compressed already. */
const compressible = new Set([".html", ".js", ".mjs", ".css", ".svg", ".json", ".txt", ".webmanifest", ".map"]);

// Each file is compressed once, on its first request, and kept: a test run loads the same scripts
// hundreds of times, and a file that changes (a new build) is compressed again.
const gzipped = new Map();

async function gzippedFile(file) {
  const { mtimeMs, size } = await stat(file);
  const kept = gzipped.get(file);
  if (kept && kept.mtimeMs === mtimeMs && kept.size === size) return kept.body;
  const body = await gzip(await readFile(file));
  gzipped.set(file, { mtimeMs, size, body });
  return body;
}

async function send(req, res, status, file) {
  // As any static host does: gzip for a browser that accepts it, so a phone on slow Wi-Fi loads a third of the bytes.
  const compressed =
    compressible.has(extname(file)) && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "")
      ? await gzippedFile(file)
      : null;
  res.writeHead(status, {
    "Content-Type": contentTypes[extname(file)] ?? "application/octet-stream",
    // Hashed assets never change; pages must be re-checked so a new build shows at once.
    "Cache-Control": file.includes(`${sep}_next${sep}static${sep}`)
      ? "public, max-age=31536000, immutable"
      : "no-cache",
    "X-Content-Type-Options": "nosniff",
    Vary: "Accept-Encoding",
    ...(compressed ? { "Content-Encoding": "gzip", "Content-Length": compressed.length } : {}),
  });
  if (req.method === "HEAD") res.end();
  else if (compressed) res.end(compressed);
  else createReadStream(file).pipe(res);
}

/** Exits with a clear message when there is no build to serve. */
export async function requireBuild(root = siteRoot) {
  if (!(await isFile(join(root, "index.html")))) {
    console.error("Nothing to serve: out/index.html is missing. Run `npm run build` first (or `npm start`).");
    process.exit(1);
  }
}

/** A request handler for node:http that serves the files under `root`, and out/404.html for anything else. */
export function staticHandler(root = siteRoot) {
  return async (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res
        .writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" })
        .end("Method not allowed\n");
      return;
    }
    const { pathname } = new URL(req.url ?? "/", "http://localhost");
    const file = await resolveFile(root, pathname);
    if (file) return send(req, res, 200, file);
    const notFound = join(root, "404.html");
    if (await isFile(notFound)) return send(req, res, 404, notFound);
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found\n");
  };
}
