"use client";

import { Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "next/navigation";
import { StaticThenLive } from "@/components/ui/StaticThenLive";

/**
 * The lab's code (its stores, the engine, zod for its scenarios, every view) is a chunk of its own,
 * not among the scripts the page's HTML loads: the HTML holds the lab drawn, the page's shell (its
 * header, its theme toggle) hydrates without it, and the live lab takes the drawn one's place as
 * soon as the chunk has arrived.
 */
const loadLive = () => import("./LabLive").then((m) => m.LabLive);
const LabOnServer =
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous, server-only import (see StaticThenLive)
  typeof window === "undefined" ? (require("./LabLive") as typeof import("./LabLive")).LabLive : null;

/**
 * The page is a static file, and its query string exists only in the browser. So the prerendered
 * HTML holds the lab on its default scenario, simulated when the site was built and drawn, and the
 * page paints it before any script runs. The browser hydrates that same lab, then applies the
 * link: a `?preset=` or `?s=` opens a new lab session in its place. Until then its controls are
 * disabled, so a click before the scripts have loaded is not silently lost.
 */
export function LabApp() {
  const [opened, setOpened] = useState<{ search: string } | null>(null);
  const search = opened?.search ?? "";
  const props = useMemo(() => ({ search }), [search]);
  return (
    <>
      <Suspense fallback={null}>
        <SearchReader onRead={(s) => setOpened({ search: s })} />
      </Suspense>
      <noscript>
        <p className="mx-auto max-w-[1440px] px-4 pt-6 font-semibold sm:px-6">
          This is the lab&apos;s default run, drawn when the site was built. Playing it, changing it and opening other scenarios need JavaScript.
        </p>
      </noscript>
      <fieldset disabled={opened === null} className="m-0 min-w-0 border-0 p-0">
        <StaticThenLive
          onServer={LabOnServer}
          load={loadLive}
          props={props}
          start
          fallback={<p className="mx-auto max-w-[1440px] px-4 py-6 text-ink-muted sm:px-6">Loading the lab…</p>}
        />
      </fieldset>
    </>
  );
}

/**
 * Reads the query string the lab was opened with, once. The router's search params, not
 * window.location, which a client-side navigation has not updated yet when this renders; later
 * changes are the lab writing its own state to the address bar, not a new scenario to open.
 */
function SearchReader({ onRead }: { onRead: (search: string) => void }) {
  const params = useSearchParams();
  const first = useRef(params.size ? `?${params.toString()}` : "");
  const read = useRef(onRead);
  useEffect(() => read.current(first.current), []);
  return null;
}
