"use client";

import { useLayoutEffect, useRef, type ReactNode } from "react";
import { useHydrated } from "@/components/ui/useHydrated";
import { LabProvider } from "./LabProvider";
import { LabWorkspace } from "./LabWorkspace";

export { openLabAhead } from "./LabProvider";

/**
 * The lab itself, its stores and every view: what LabApp loads after the page's first paint. Its
 * controls cannot be used in the prerendered HTML, and stay so after hydration until this live lab
 * has taken the drawn copy's place: the drawn copy has no handlers, so a click or a dropped file
 * there would be silently lost.
 */
export function LabLive({ search }: { search: string }) {
  return (
    <LabProvider key={search} search={search}>
      <EnabledWhenLive>
        <LabWorkspace />
      </EnabledWhenLive>
    </LabProvider>
  );
}

/**
 * Run by the browser as it parses the drawn lab, at the start of its fieldset, before any control
 * in it exists: the fieldset is made inert instead of disabled.
 */
const INERT_WHILE_LOADING = "(f=>{f.disabled=false;f.inert=true})(document.currentScript.parentElement)";

/**
 * The drawn lab's fieldset is disabled in the HTML, so that without scripts its controls say they
 * cannot be used. With scripts it is inert instead until the lab is live (the inline script above),
 * and going live clears that: one subtree restyled. Enabling a disabled fieldset restyles its
 * controls and options one by one, about 160 of them: 0.3 ms in Chromium, but 10 ms under a trace
 * that records each restyle with its stack, as Lighthouse's does (where it took 70 ms of one task).
 * Its own component, so that going live renders the fieldset alone, not the lab inside it.
 */
function EnabledWhenLive({ children }: { children: ReactNode }) {
  const live = useHydrated();
  const fieldset = useRef<HTMLFieldSetElement>(null);
  useLayoutEffect(() => {
    if (live && fieldset.current) fieldset.current.inert = false;
  }, [live]);
  return (
    <fieldset ref={fieldset} disabled={!live} className="m-0 min-w-0 border-0 p-0">
      {!live && <script dangerouslySetInnerHTML={{ __html: INERT_WHILE_LOADING }} />}
      {children}
    </fieldset>
  );
}
