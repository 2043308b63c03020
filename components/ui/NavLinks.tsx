"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { navItems } from "@/lib/site/nav";

/** Pathnames compare without their trailing slash: the router reports "/about", links say "/about/". */
function samePath(a: string, b: string): boolean {
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);
  return trim(a) === trim(b);
}

export function NavLinks() {
  const pathname = usePathname();
  return (
    <ul className="flex flex-wrap items-center gap-x-1">
      {navItems.map((item) => {
        const current = samePath(pathname, item.href);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={current ? "page" : undefined}
              className={`rounded-md px-2 py-2 text-sm sm:px-3 font-medium underline-offset-4 hover:underline ${
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
