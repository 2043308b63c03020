"use client";

import { useEffect, useId, useRef, useState } from "react";
import { usePathname } from "next/navigation";
import { NavLinks } from "./NavLinks";

/**
 * The main navigation. From medium screens up it is a row of links; on a phone the row would wrap
 * to three lines above every page, so it folds behind a Menu button (a disclosure: Escape or a
 * followed link closes it, and focus goes back to the button on Escape).
 */
export function SiteNav() {
  const id = useId();
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // A followed link closes the menu: the page it opened is the one to read.
  if (open && openedAt !== pathname) setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <nav aria-label="Main" className="mr-auto flex items-center md:block">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          setOpenedAt(pathname);
          setOpen((o) => !o);
        }}
        className="inline-flex h-10 items-center gap-2 rounded-md border border-line px-3 text-sm font-semibold text-ink hover:bg-surface md:hidden"
      >
        <svg
          width="18"
          height="18"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
        Menu
      </button>
      <div
        id={id}
        className={`${open ? "block" : "hidden"} absolute inset-x-0 top-full z-40 border-b border-line bg-page px-5 py-2 shadow-lg md:static md:block md:border-0 md:p-0 md:shadow-none`}
      >
        <NavLinks />
      </div>
    </nav>
  );
}
