"use client";

import { useEffect, useState, type ReactNode } from "react";
import { createWorkerRunner } from "@/lib/lab/workerRunner";
import { modelOf } from "@/lib/lab/derived";
import type { Scenario } from "@/lib/sim/scenario";
import { createLabProgressStore, labProgressHydrate } from "@/lib/store/labProgress";
import { createPlaybackStore } from "@/lib/store/labPlayback";
import { createScenarioStore } from "@/lib/store/labScenario";
import { LabStoresProvider, type LabStores } from "@/components/lab/stores";
import { useRunFollowing } from "@/components/lab/useRunFollowing";

/**
 * The lab's stores for one level: the lab's timeline and topology work inside it unchanged, and a
 * fault injected from the topology re-runs the level's scenario from the same seed. Unlike the lab,
 * nothing here writes the URL; the level's own link is made by the level.
 */
export function ChallengeLab({ scenario, children }: { scenario: Scenario; children: ReactNode }) {
  const [runner] = useState(createWorkerRunner);
  const [stores] = useState<LabStores>(() => {
    const store = createScenarioStore({ scenario, presetId: null, t: null, predict: false, problems: [] }, runner.run);
    const { resolved, result } = store.getState();
    const playback = createPlaybackStore({ t: null, endT: resolved.durationMs, activityEndT: result ? modelOf(result).lastEventT : resolved.durationMs });
    return { scenario: store, playback, progress: createLabProgressStore() };
  });
  useEffect(() => () => runner.dispose(), [runner]);
  useEffect(() => labProgressHydrate(stores.progress), [stores]);
  useRunFollowing(stores);
  return <LabStoresProvider stores={stores}>{children}</LabStoresProvider>;
}
