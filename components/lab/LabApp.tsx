"use client";

import { Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "next/navigation";
import { nextTask } from "@/components/ui/nextTask";
import { LinkedHoldFrame } from "@/components/lab/LinkedHoldFrame";
import { StaticThenLive } from "@/components/ui/StaticThenLive";
import { loadEngineInSteps } from "./loadEngineInSteps";

/**
 * The lab's code (its stores, the engine, zod for its scenarios, every view) is a chunk of its own,
 * not among the scripts the page's HTML loads: the HTML holds the lab drawn, the page's shell (its
 * header, its theme toggle) hydrates without it. Once the chunk has arrived, the live lab
 * hydrates the drawn one in place when the link asks for the default scenario, and takes its place
 * otherwise. Getting there is split into short tasks: the lab's modules are evaluated in parts,
 * and its session is opened ahead of rendering (openLabAhead).
 */
const loadLive = async ({ search }: { search: string }) => {
  // Each step is a task of its own: the engine in its parts, then what the views derive, the link's
  // format, the timeline, the lab.
  await loadEngineInSteps();
  for (const load of [
    () => import("@/lib/readers/derived"),
    () => import("@/lib/scenario/url"),
    () => import("@/components/timeline/Timeline"),
  ]) {
    await load();
    await nextTask();
  }
  const { LabLive, openLabAhead } = await import("./LabLive");
  await openLabAhead(search);
  return LabLive;
};
const LabOnServer =
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous, server-only import (see StaticThenLive)
  typeof window === "undefined" ? (require("./LabLive") as typeof import("./LabLive")).LabLive : null;

/**
 * The page is a static file, and its query string exists only in the browser. So the prerendered
 * HTML holds the lab on its default scenario, simulated when the site was built and drawn, and the
 * page paints it before any script runs. The browser hydrates the page, reads the link, and only
 * then loads the live lab, on the link's scenario (a `?preset=` or `?s=`, or the default). The
 * drawn lab's controls are disabled in the HTML itself (LabLive), so a click before the live lab
 * has taken its place is not silently lost. No fieldset around it is disabled and enabled here:
 * toggling one around the whole drawn lab restyled every control in it, a 250 ms task on a phone
 * under Lighthouse's tracing.
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
          This is the lab&apos;s default run, drawn when the site was built. Playing it, changing it and opening other
          scenarios need JavaScript.
        </p>
      </noscript>
      <LinkedHoldFrame note="Opening the linked scenario…" className="mx-auto max-w-[1440px] px-4 pt-6 sm:px-6">
        <StaticThenLive
          onServer={LabOnServer}
          load={loadLive}
          props={props}
          start={opened !== null}
          island={{ identifierPrefix: "lab-", hydrates: search === "" }}
          fallback={<p className="mx-auto max-w-[1440px] px-4 py-6 text-ink-muted sm:px-6">Loading the lab…</p>}
        />
      </LinkedHoldFrame>
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
