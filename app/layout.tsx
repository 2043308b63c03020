import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { NewVersionNotice } from "@/components/offline/NewVersionNotice";
import { Footer } from "@/components/ui/Footer";
import { Header } from "@/components/ui/Header";
import { SkipLink } from "@/components/ui/SkipLink";
import { themeScript } from "@/lib/theme/script";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Lease Lab — distributed locks, leases and fencing tokens", template: "%s · Lease Lab" },
  description:
    "Learn distributed locks, leases and fencing tokens by watching a deterministic simulation play out GC pauses, clock jumps and stale writes.",
};

export const viewport: Viewport = { colorScheme: "light dark" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The head script sets data-theme before React hydrates, so the attribute differs from the
    // server's HTML by design.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="flex min-h-dvh flex-col bg-page font-sans text-ink antialiased">
        <SkipLink />
        <Header />
        {/* tabIndex lets the skip link move focus here; the outline would only frame the page. */}
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <Footer />
        <NewVersionNotice />
      </body>
    </html>
  );
}
