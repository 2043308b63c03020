// The site's service worker (issue 19, item 9). scripts/offline/build-sw.mjs writes it to out/sw.js
// after `next build`, with the build's file list and version in place of the two names below.
// It precaches the whole static site on the first visit, so every page, the lab and the lessons
// then work offline, and it serves each page from the version it installed: a new build waits until
// the reader chooses to reload (the page shows "a new version is ready"), never changing under them.
/* global self, caches, fetch, Request, Response, URL */
const PRECACHE = self.__PRECACHE_URLS;
const VERSION = self.__PRECACHE_VERSION;
const CACHE = `lease-lab-${VERSION}`;
// Next names these files by their content, so a copy kept from an older version is this version's too.
const IMMUTABLE = "/_next/static/";

async function copyFromOlderCache(cache, url) {
  if (!url.startsWith(IMMUTABLE)) return false;
  const kept = await caches.match(url);
  if (!kept) return false;
  await cache.put(url, kept);
  return true;
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const url of PRECACHE) {
        if (await copyFromOlderCache(cache, url)) continue;
        // "reload" skips the HTTP cache, so a page is this build's and not one cached before it.
        const response = await fetch(new Request(url, { cache: "reload" }));
        if (!response.ok) throw new Error(`precache: ${url} answered ${response.status}`);
        await cache.put(url, response);
      }
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith("lease-lab-") && name !== CACHE) await caches.delete(name);
      // The first install takes over the open pages at once: they are of this very build.
      await self.clients.claim();
    })(),
  );
});

// The page's "Reload" button: the waiting version takes over, and the page reloads into it.
self.addEventListener("message", (event) => {
  if (event.data?.type === "activate-new-version") self.skipWaiting();
});

/** The precached file a URL of the site names: /learn/x/ → /learn/x/index.html, /lab → /lab/index.html. */
function precachedPath(url) {
  const path = url.pathname;
  if (path.endsWith("/")) return `${path}index.html`;
  if (PRECACHE.includes(path)) return path;
  if (PRECACHE.includes(`${path}.html`)) return `${path}.html`;
  return `${path}/index.html`;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  // A client-side navigation's data (?_rsc=) is not precached: offline its fetch fails and the
  // router loads the page itself instead, which comes from the cache below.
  if (url.searchParams.has("_rsc")) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // The query string (?preset=, ?s=) is read by the page's script; the file is the same.
      const cached = await cache.match(precachedPath(url), { ignoreSearch: true });
      if (cached) return cached;
      try {
        return await fetch(request);
      } catch (error) {
        if (request.mode === "navigate") {
          const notFound = await cache.match("/404.html");
          if (notFound) return new Response(notFound.body, { status: 404, headers: notFound.headers });
        }
        throw error;
      }
    })(),
  );
});
