"use client";

import { Suspense } from "react";
import { useSearchParams } from "next/navigation";
import { LabProvider } from "./LabProvider";
import { LabWorkspace } from "./LabWorkspace";

const loading = (
  <p className="py-24 text-center text-ink-muted" role="status">
    Loading the lab…
  </p>
);

/**
 * The page is a static file: its query string exists only in the browser, so the prerendered HTML
 * shows the loading state. The router's search params (not window.location, which a client-side
 * navigation has not updated yet when this renders) give the scenario the lab starts from.
 */
export function LabApp() {
  return (
    <Suspense fallback={loading}>
      <LabFromUrl />
    </Suspense>
  );
}

function LabFromUrl() {
  const params = useSearchParams();
  const search = params.size ? `?${params.toString()}` : "";
  return (
    <LabProvider search={search}>
      <LabWorkspace />
    </LabProvider>
  );
}
