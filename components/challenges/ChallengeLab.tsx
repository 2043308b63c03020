"use client";

import { useEffect, useState, type ReactNode } from "react";
import type { Scenario } from "@/lib/sim/scenario";
import { labProgressHydrate } from "@/lib/store/labProgress";
import { createLabSession } from "@/lib/store/labSession";
import { LabStoresProvider } from "@/components/lab/stores";
import { useSession } from "@/components/lab/useSession";

/**
 * The lab's session for one level: the lab's timeline and topology work inside it unchanged, and a
 * fault injected from the topology re-runs the level's scenario from the same seed. Unlike the lab,
 * nothing here writes the URL; the level's own link is made by the level.
 */
export function ChallengeLab({ scenario, children }: { scenario: Scenario; children: ReactNode }) {
  const [stores] = useState(() => createLabSession({ scenario, presetId: null, t: null, predict: false, problems: [] }));
  useSession(stores);
  useEffect(() => labProgressHydrate(stores.progress), [stores]);
  return <LabStoresProvider stores={stores}>{children}</LabStoresProvider>;
}
