"use client";

import { useEffect, useState, type ReactNode } from "react";
import { decodeLabSearch } from "@/lib/lab/url";
import { createWorkerRunner } from "@/lib/lab/workerRunner";
import { createLabProgressStore, labProgressHydrate } from "@/lib/store/labProgress";
import { createPlaybackStore } from "@/lib/store/labPlayback";
import { createScenarioStore } from "@/lib/store/labScenario";
import { modelOf } from "@/lib/lab/derived";
import { LabStoresProvider, type LabStores } from "./stores";
import { useRunFollowing } from "./useRunFollowing";
import { useUrlSync } from "./useUrlSync";

/** Creates this lab's stores from the URL it was opened with, and keeps them, the run and the URL in step. */
export function LabProvider({ search, children }: { search: string; children: ReactNode }) {
  const [runner] = useState(createWorkerRunner);
  const [stores] = useState<LabStores>(() => {
    const initial = decodeLabSearch(search);
    const scenario = createScenarioStore(initial, runner.run);
    const { resolved, result } = scenario.getState();
    const playback = createPlaybackStore({ t: initial.t, endT: resolved.durationMs, activityEndT: result ? modelOf(result).lastEventT : resolved.durationMs });
    return { scenario, playback, progress: createLabProgressStore() };
  });

  useEffect(() => () => runner.dispose(), [runner]);
  useEffect(() => labProgressHydrate(stores.progress), [stores]);
  useRunFollowing(stores);
  useUrlSync(stores);

  return <LabStoresProvider stores={stores}>{children}</LabStoresProvider>;
}
