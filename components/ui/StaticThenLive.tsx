"use client";

import { createElement, startTransition, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { useHydrated } from "./useHydrated";

interface Props<P extends object> {
  /** The component itself, on the server only (null in the browser, whose bundle must not hold it). */
  onServer: ComponentType<P> | null;
  /** Loads the component in the browser, in a chunk of its own. */
  load: () => Promise<ComponentType<P>>;
  props: P;
  /** False until the live component should load (for instance, until it comes near the viewport). */
  start: boolean;
  /** What a page opened in the browser (no server HTML to keep) shows until the component has loaded. */
  fallback: ReactNode;
}

/**
 * A component drawn into the static HTML whose code is not among the scripts the page's HTML loads.
 * On the server (where `typeof window` is "undefined", a constant each bundle is compiled with, so
 * the browser's bundle drops the server-only `require` of `onServer`) it renders in place, and the
 * page paints it before any script runs, or without scripts at all. Hydration keeps that HTML as
 * it is: in the browser the same element has an inner HTML of its own, which React neither
 * compares nor rewrites, so it never looks at the server's children. Once `start` is true the
 * browser loads the component and puts it in the drawn copy's place, rendered from the same props.
 *
 * Not a Suspense boundary around a React.lazy: React outlines a large boundary into a hidden part
 * of the HTML that only a script reveals. And not next/dynamic, whose server render preloads the
 * chunk with the page's first load.
 */
export function StaticThenLive<P extends object>({ onServer, load, props, start, fallback }: Props<P>) {
  // The first render's answer says whether there is server HTML to keep.
  const mountedInBrowser = useHydrated();
  const [keepsServerHtml] = useState(!mountedInBrowser);
  const [Live, setLive] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    if (!start) return;
    let current = true;
    // A transition, so React renders the live component in slices that leave the page answering
    // (the drawn copy stays on show meanwhile), not in one long task.
    void load().then((component) => current && startTransition(() => setLive(() => component)));
    return () => {
      current = false;
    };
  }, [start, load]);

  if (Live) return <div key="live">{createElement(Live, props)}</div>;
  if (onServer) return <div key="drawn">{createElement(onServer, props)}</div>;
  if (keepsServerHtml) return <div key="drawn" dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
  return fallback;
}
