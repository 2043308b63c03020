import type { Metadata } from "next";
import Link from "next/link";
import { Container } from "@/components/ui/Container";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <Container className="py-20">
      <p className="font-mono text-sm font-semibold text-danger-ink">404</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight">Page not found</h1>
      <p className="mt-4 max-w-xl text-lg text-ink-muted">
        This page does not exist, or no longer does. Like a write with a stale token, the request was turned away.
      </p>
      <p className="mt-8">
        <Link
          href="/"
          className="inline-flex items-center rounded-md bg-ink px-5 py-2.5 font-semibold text-page hover:opacity-90"
        >
          Back to the home page
        </Link>
      </p>
    </Container>
  );
}
