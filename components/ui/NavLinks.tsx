"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { navItems } from "@/lib/site/nav";

/** Pathnames compare without their trailing slash: the router reports "/about", links say "/about/". */
function samePath(a: string, b: string): boolean {
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);
  return trim(a) === trim(b);
}

/** A sub-page (a lesson, a quiz, a deck) belongs to the section whose path it starts with. */
function inSection(pathname: string, href: string): boolean {
  return href !== "/" && pathname.startsWith(href.replace(/\/+$/, "") + "/");
}

export function NavLinks() {
  const pathname = usePathname();
  return (
    <ul className="flex flex-col gap-y-1 md:flex-row md:flex-wrap md:items-center md:gap-x-1 md:gap-y-0">
      {navItems.map((item) => {
        const page = samePath(pathname, item.href);
        const current = page || inSection(pathname, item.href);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={page ? "page" : current ? "true" : undefined}
              className={`block rounded-md px-2 py-2.5 text-base md:py-2 md:text-sm lg:px-3 font-medium underline-offset-4 hover:underline ${
                current ? "text-ink underline decoration-2 decoration-focus" : "text-ink-muted hover:text-ink"
              }`}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
