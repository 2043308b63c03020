"use client";

import { useEffect, useState, type ReactNode } from "react";
import type { Scenario } from "@/lib/sim/scenario";
import { labProgressHydrate } from "@/lib/store/labProgress";
import { createLabSession, type LabSession } from "@/lib/store/labSession";
import { locationOfScenario } from "@/lib/scenario/url";
import { openSessionInSteps } from "@/components/lab/openInSteps";
import { LabStoresProvider } from "@/components/lab/stores";
import { useSession } from "@/components/lab/useSession";

/** Sessions opened ahead of their level, by the scenario they run; each is taken once. */
const openedAhead = new Map<string, LabSession>();

/**
 * Opens a level's session before the level renders, one step per task (openSessionInSteps): the
 * run and what its views derive are then done, and rendering the level is not one long task.
 */
export async function openChallengeAhead(scenario: Scenario): Promise<void> {
  const key = JSON.stringify(scenario);
  const session = await openSessionInSteps(locationOfScenario(scenario));
  openedAhead.get(key)?.dispose();
  openedAhead.set(key, session);
}

function openSession(scenario: Scenario): LabSession {
  const key = JSON.stringify(scenario);
  const session = openedAhead.get(key);
  openedAhead.delete(key);
  return session ?? createLabSession(locationOfScenario(scenario));
}

/**
 * The lab's session for one level: the lab's timeline and topology work inside it unchanged, and a
 * fault injected from the topology re-runs the level's scenario from the same seed. Unlike the lab,
 * nothing here writes the URL; the level's own link is made by the level.
 */
export function ChallengeLab({ scenario, children }: { scenario: Scenario; children: ReactNode }) {
  const [stores] = useState(() => openSession(scenario));
  useSession(stores);
  useEffect(() => labProgressHydrate(stores.progress), [stores]);
  return <LabStoresProvider stores={stores}>{children}</LabStoresProvider>;
}
