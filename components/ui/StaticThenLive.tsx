"use client";

import {
  createElement,
  startTransition,
  use,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactElement,
  type ReactNode,
} from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { useHydrated } from "./useHydrated";

interface Props<P extends object> {
  /** The component itself, on the server only (null in the browser, whose bundle must not hold it). */
  onServer: ComponentType<P> | null;
  /** Loads the component in the browser, in a chunk of its own (and may prepare its first render for these props). */
  load: (props: P) => Promise<ComponentType<P>>;
  props: P;
  /** False until the live component should load (for instance, until it comes near the viewport). */
  start: boolean;
  /** What a page opened in the browser (no server HTML to keep) shows until the component has loaded. */
  fallback: ReactNode;
  /**
   * Set, the server draws the component as a React root of its own, with this `identifierPrefix`
   * for its ids, and when the live component loads with `hydrates` true (its props are still those
   * it was drawn with) the browser hydrates that HTML in place rather than replacing it.
   */
  island?: { identifierPrefix: string; hydrates: boolean };
}

/**
 * The island's HTML, rendered on the server as a root of its own. The renderer must be the one
 * Next renders the page with (its vendored copy, which shares the page's React; the package's own
 * would not see the hooks' dispatcher), and that copy offers only the streaming API, so the page
 * waits on it with `use`. One promise per island and props, kept, because `use` renders the
 * component again when it settles. Server-only, like `onServer`: the browser's bundle drops this.
 */
const islandHtml: ((element: ReactElement, identifierPrefix: string) => Promise<string>) | null =
  typeof window === "undefined"
    ? (() => {
        const { renderToReadableStream } =
          // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous, server-only import
          require("next/dist/server/route-modules/app-page/vendored/ssr/react-dom-server") as typeof import("react-dom/server");
        const rendered = new Map<string, Promise<string>>();
        return (element, identifierPrefix) => {
          const key = `${identifierPrefix} ${JSON.stringify(element.props)}`;
          let html = rendered.get(key);
          if (!html) {
            html = (async () => {
              const failures: unknown[] = [];
              const stream = await renderToReadableStream(element, {
                identifierPrefix,
                // A next/dynamic without server rendering is drawn as its placeholder, and loads in the browser.
                onError: (error) => void (isBailout(error) || failures.push(error)),
              });
              await stream.allReady;
              const text = await new Response(stream).text();
              if (failures.length) throw failures[0];
              return text;
            })();
            rendered.set(key, html);
          }
          return html;
        };
      })()
    : null;

function isBailout(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { digest?: unknown }).digest === "BAILOUT_TO_CLIENT_SIDE_RENDERING"
  );
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
 * An island hydrates instead: no node is removed or inserted, which on a page as large as the lab
 * is most of the cost of going live. It is a root of its own on both sides, so its ids come from
 * its own prefix and match; what it shares with the page is only what it imports.
 *
 * Not a Suspense boundary around a React.lazy: React outlines a large boundary into a hidden part
 * of the HTML that only a script reveals. And not next/dynamic, whose server render preloads the
 * chunk with the page's first load.
 */
export function StaticThenLive<P extends object>({ onServer, load, props, start, fallback, island }: Props<P>) {
  // The first render's answer says whether there is server HTML to keep.
  const mountedInBrowser = useHydrated();
  const [keepsServerHtml] = useState(!mountedInBrowser);
  const [Live, setLive] = useState<ComponentType<P> | null>(null);
  const drawn = useRef<HTMLDivElement>(null);
  const islandRoot = useRef<{ root: Root; component: ComponentType<P> } | null>(null);
  const latestProps = useRef(props);
  const hydrates = keepsServerHtml && island?.hydrates === true;
  const identifierPrefix = island?.identifierPrefix;

  useEffect(() => {
    latestProps.current = props;
    const live = islandRoot.current;
    if (live) live.root.render(createElement(live.component, props));
  }, [props]);

  useEffect(() => {
    // A hydrated island stays; new props reach it through its root.
    if (!start || islandRoot.current) return;
    let current = true;
    void load(latestProps.current).then((component) => {
      if (!current) return;
      const element = drawn.current;
      // Either way in a transition, so React renders (or hydrates) the live component in slices
      // that leave the page answering, not in one long task; the drawn copy stays on show meanwhile.
      if (hydrates && element) {
        startTransition(() => {
          islandRoot.current = {
            root: hydrateRoot(element, createElement(component, latestProps.current), { identifierPrefix }),
            component,
          };
        });
        return;
      }
      startTransition(() => setLive(() => component));
    });
    return () => {
      current = false;
    };
  }, [start, load, hydrates, identifierPrefix]);

  // A root cannot be unmounted while React is committing the page's own tree.
  useEffect(
    () => () => {
      const live = islandRoot.current;
      islandRoot.current = null;
      if (live) setTimeout(() => live.root.unmount());
    },
    [],
  );

  if (Live) return <div key="live">{createElement(Live, props)}</div>;
  if (onServer && island && islandHtml) {
    const html = use(islandHtml(createElement(onServer, props), island.identifierPrefix));
    return <div key="drawn" dangerouslySetInnerHTML={{ __html: html }} />;
  }
  if (onServer) return <div key="drawn">{createElement(onServer, props)}</div>;
  if (keepsServerHtml)
    return <div key="drawn" ref={drawn} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
  return fallback;
}
