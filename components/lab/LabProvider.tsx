"use client";

import { useEffect, useState, type ReactNode } from "react";
import { nextTask } from "@/components/ui/nextTask";
import { decodeLabSearch } from "@/lib/lab/url";
import { bottleneckOfResult, modelOf, questionsOf, storyOfResult } from "@/lib/run/derived";
import { validateScenario } from "@/lib/sim/scenario";
import { labProgressHydrate } from "@/lib/store/labProgress";
import { createLabSession, type LabSession } from "@/lib/store/labSession";
import { LabStoresProvider } from "./stores";
import { useSession } from "./useSession";
import { useUrlSync } from "./useUrlSync";

/** Sessions opened ahead of their provider, by the search they were opened from; each is taken once. */
const openedAhead = new Map<string, LabSession>();

/**
 * Opens the lab's session before the lab renders, one step per task: reading the link, the run,
 * and what the views derive from it (cached per run). Rendering the lab then finds them done, and
 * the page never has one long task that does them all.
 */
export async function openLabAhead(search: string): Promise<void> {
  await nextTask();
  const location = decodeLabSearch(search);
  await nextTask();
  // A first validation sets zod's parsers up (each schema's, lazily, on its first parse): about
  // 5 ms in Node, more on a phone. Done in a task of its own, the session's validation is quick.
  validateScenario(location.scenario);
  await nextTask();
  const session = createLabSession(location);
  const { result } = session.scenario.getState();
  if (result) {
    for (const derive of [modelOf, storyOfResult, questionsOf, bottleneckOfResult]) {
      await nextTask();
      derive(result);
    }
  }
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
