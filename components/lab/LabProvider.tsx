"use client";

import { useEffect, useState, type ReactNode } from "react";
import { nextTask } from "@/components/ui/nextTask";
import { decodeLabSearch } from "@/lib/scenario/url";
import { labProgressHydrate } from "@/lib/store/labProgress";
import { createLabSession, type LabSession } from "@/lib/store/labSession";
import { openSessionInSteps } from "./openInSteps";
import { LabStoresProvider } from "./stores";
import { useSession } from "./useSession";
import { useUrlSync } from "./useUrlSync";

/** Sessions opened ahead of their provider, by the search they were opened from; each is taken once. */
const openedAhead = new Map<string, LabSession>();

/**
 * Opens the lab's session before the lab renders, one step per task: reading the link, then the
 * session's own steps (openSessionInSteps).
 */
export async function openLabAhead(search: string): Promise<void> {
  await nextTask();
  const session = await openSessionInSteps(decodeLabSearch(search));
  openedAhead.get(search)?.dispose();
  openedAhead.set(search, session);
}

function openSession(search: string): LabSession {
  const session = openedAhead.get(search);
  openedAhead.delete(search);
  return session ?? createLabSession(decodeLabSearch(search));
}

/** Creates this lab's stores from the URL it was opened with, and keeps them, the run and the URL in step. */
export function LabProvider({ search, children }: { search: string; children: ReactNode }) {
  const [stores] = useState(() => openSession(search));
  useSession(stores);
  useEffect(() => labProgressHydrate(stores.progress), [stores]);
  useUrlSync(stores);

  return <LabStoresProvider stores={stores}>{children}</LabStoresProvider>;
}
