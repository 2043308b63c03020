"use client";

import { useEffect, useState, type ReactNode } from "react";
import { modelOf } from "@/lib/lab/derived";
import { presetById } from "@/lib/sim/presets";
import { createWorkerRunner } from "@/lib/lab/workerRunner";
import { createLabProgressStore } from "@/lib/store/labProgress";
import { createPlaybackStore } from "@/lib/store/labPlayback";
import { createScenarioStore } from "@/lib/store/labScenario";
import { LabStoresProvider, type LabStores } from "@/components/lab/stores";
import { useRunFollowing } from "@/components/lab/useRunFollowing";
import type { SlideSim } from "@/lib/content/deckTypes";

/**
 * The lab's stores for one slide's simulation, created for that slide (stores are per provider),
 * starting paused at the slide's moment. Unlike the lab's own provider, nothing here reads or
 * writes the page URL: the deck owns the URL (its `#slide` hash) and the keys.
 */
export function SlideSimProvider({ sim, children }: { sim: SlideSim; children: ReactNode }) {
  const [runner] = useState(createWorkerRunner);
  const [stores] = useState<LabStores>(() => {
    const preset = presetById(sim.preset);
    // Decks are validated at build time, so the preset exists.
    if (!preset) throw new Error(`unknown preset "${sim.preset}"`);
    const scenario = createScenarioStore({ scenario: preset.scenario, presetId: preset.id, t: sim.at, predict: false, problems: [] }, runner.run);
    const { resolved, result } = scenario.getState();
    const playback = createPlaybackStore({ t: sim.at, endT: resolved.durationMs, activityEndT: result ? modelOf(result).lastEventT : resolved.durationMs });
    return { scenario, playback, progress: createLabProgressStore() };
  });
  useEffect(() => () => runner.dispose(), [runner]);
  useRunFollowing(stores);
  return <LabStoresProvider stores={stores}>{children}</LabStoresProvider>;
}
