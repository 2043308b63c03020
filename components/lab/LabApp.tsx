"use client";

import { useSyncExternalStore } from "react";
import { LabProvider } from "./LabProvider";
import { LabWorkspace } from "./LabWorkspace";

// The page is a static file: its query string exists only in the browser. The server snapshot is
// null, so the prerendered HTML shows the loading state and the lab starts from the real URL.
const subscribeNever = () => () => {};
const browserSearch = () => window.location.search;
const serverSearch = () => null;

export function LabApp() {
  const search = useSyncExternalStore(subscribeNever, browserSearch, serverSearch);
  if (search === null) {
    return (
      <p className="py-24 text-center text-ink-muted" role="status">
        Loading the lab…
      </p>
    );
  }
  return (
    <LabProvider search={search}>
      <LabWorkspace />
    </LabProvider>
  );
}
