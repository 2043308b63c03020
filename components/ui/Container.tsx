import type { ReactNode } from "react";

/** The site's reading width and side padding, shared by the header, the pages and the footer. */
export function Container({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-5xl px-5 sm:px-8 ${className}`}>{children}</div>;
}
