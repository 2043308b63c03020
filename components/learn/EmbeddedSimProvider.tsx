"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { useRunFollowing } from "@/components/lab/useRunFollowing";
import { LabStoresProvider, type LabStores } from "@/components/lab/stores";
import { modelOf } from "@/lib/lab/derived";
import { decodeLabSearch } from "@/lib/lab/url";
import { createWorkerRunner } from "@/lib/lab/workerRunner";
import type { Scenario } from "@/lib/sim/scenario";
import { createLabProgressStore } from "@/lib/store/labProgress";
import { createPlaybackStore } from "@/lib/store/labPlayback";
import { createScenarioStore } from "@/lib/store/labScenario";

interface Props {
  presetId: string;
  /** The scenario to run: the preset's own, or as the lesson's live controls changed it. */
  scenario: Scenario;
  /** While a prediction is open, the playhead may not pass this moment (ms); null once answered. */
  holdAt: number | null;
  children: ReactNode;
}

/**
 * The lab's stores for one run embedded in a lesson. Unlike the lab's provider it never reads or
 * writes the page URL (a lesson holds several runs) and installs no keyboard shortcuts. The
 * scenario comes in as a prop and each change re-simulates; a hold keeps the playhead at or before
 * its moment, and releasing it plays the run on from there.
 */
export function EmbeddedSimProvider({ presetId, scenario, holdAt, children }: Props) {
  const [runner] = useState(createWorkerRunner);
  const [stores] = useState<LabStores>(() => {
    const initial = decodeLabSearch(`?preset=${encodeURIComponent(presetId)}${holdAt === null ? "" : `&t=${holdAt}`}`);
    const scenarioStore = createScenarioStore(initial, runner.run);
    if (scenario !== initial.scenario) scenarioStore.getState().edit(() => scenario);
    const { resolved, result } = scenarioStore.getState();
    const playback = createPlaybackStore({ t: initial.t, endT: resolved.durationMs, activityEndT: result ? modelOf(result).lastEventT : resolved.durationMs });
    return { scenario: scenarioStore, playback, progress: createLabProgressStore() };
  });

  useEffect(() => () => runner.dispose(), [runner]);
  useRunFollowing(stores);

  // After useRunFollowing, which clears any limit when it first runs: the hold is ours.
  const held = useRef<number | null>(null);
  useEffect(() => {
    const playback = stores.playback.getState();
    if (holdAt !== null) {
      playback.setLimit(holdAt);
      playback.setT(holdAt);
    } else if (held.current !== null) {
      playback.setLimit(null);
      playback.play();
    }
    held.current = holdAt;
  }, [stores, holdAt]);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    stores.scenario.getState().edit(() => scenario);
  }, [stores, scenario]);

  return <LabStoresProvider stores={stores}>{children}</LabStoresProvider>;
}
