"use client";

import { useEffect, useState, type ReactNode } from "react";
import { decodeLabSearch } from "@/lib/lab/url";
import { labProgressHydrate } from "@/lib/store/labProgress";
import { createLabSession } from "@/lib/store/labSession";
import { LabStoresProvider } from "./stores";
import { useSession } from "./useSession";
import { useUrlSync } from "./useUrlSync";

/** Creates this lab's stores from the URL it was opened with, and keeps them, the run and the URL in step. */
export function LabProvider({ search, children }: { search: string; children: ReactNode }) {
  const [stores] = useState(() => createLabSession(decodeLabSearch(search)));
  useSession(stores);
  useEffect(() => labProgressHydrate(stores.progress), [stores]);
  useUrlSync(stores);

  return <LabStoresProvider stores={stores}>{children}</LabStoresProvider>;
}
