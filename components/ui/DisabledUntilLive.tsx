"use client";

import { useEffect, useRef, type ReactNode } from "react";

/**
 * A part of a page drawn in its HTML before its script runs, whose controls are disabled there and
 * until it has hydrated: a click on the drawn copy, which has no handlers, would be silently lost.
 *
 * React renders the fieldset disabled, always, and a timer enables it once the part is live. React
 * never changes the attribute itself, because of where it would: enabling a fieldset makes Chromium
 * re-evaluate each control and option inside it, and a page traced as Lighthouse traces it records
 * each of those changes with the JavaScript stack it happened under. Deep in React's commit,
 * enabling the lab's 73 controls took 46 ms there, a long task on a phone; from a timer's shallow
 * stack, enabling 88 (the lab with its panels loaded) took 8 ms. Untraced, either takes under a
 * millisecond.
 */
export function DisabledUntilLive({ children }: { children: ReactNode }) {
  const fieldset = useRef<HTMLFieldSetElement>(null);
  // An effect runs once the part has hydrated (or, rendered in the browser, once it is in the page).
  useEffect(() => {
    const id = setTimeout(() => {
      if (fieldset.current) fieldset.current.disabled = false;
    });
    return () => clearTimeout(id);
  }, []);
  return (
    <fieldset ref={fieldset} disabled className="m-0 min-w-0 border-0 p-0">
      {children}
    </fieldset>
  );
}
