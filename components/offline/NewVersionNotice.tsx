"use client";

import { useEffect, useRef, useState } from "react";

/**
 * Registers the service worker (out/sw.js, written after the build) that keeps the whole site for
 * offline use, and says when a newer build has been downloaded: it takes over only when the reader
 * presses Reload, so a lesson or a run never changes under them. Not in `next dev`, which has no sw.js.
 */
export function NewVersionNotice() {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  // Only the tab whose reader pressed Reload reloads; another open tab keeps what it shows.
  const reloadRequested = useRef(false);

  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    const container = navigator.serviceWorker;
    const onControllerChange = () => reloadRequested.current && window.location.reload();
    container.addEventListener("controllerchange", onControllerChange);
    let cancelled = false;
    container
      .register("/sw.js")
      .then((registration) => {
        const offer = (worker: ServiceWorker | null) => {
          if (!cancelled && worker && container.controller) setWaiting(worker);
        };
        offer(registration.waiting);
        registration.addEventListener("updatefound", () => {
          const installing = registration.installing;
          installing?.addEventListener("statechange", () => installing.state === "installed" && offer(installing));
        });
      })
      .catch(() => {
        // Without a service worker the site works as before, online only.
      });
    return () => {
      cancelled = true;
      container.removeEventListener("controllerchange", onControllerChange);
    };
  }, []);

  if (!waiting) return null;
  return (
    <div
      role="status"
      className="fixed right-4 bottom-4 z-50 flex max-w-sm items-center gap-3 rounded-lg border border-line bg-page px-4 py-3 shadow-lg"
    >
      <p>A new version is ready —</p>
      <button
        type="button"
        onClick={() => {
          reloadRequested.current = true;
          waiting.postMessage({ type: "activate-new-version" });
        }}
        className="rounded-md border border-line px-3 py-1.5 text-sm font-semibold hover:bg-surface"
      >
        Reload
      </button>
    </div>
  );
}
