"use client";

import { useState, type ReactNode } from "react";
import { presetById } from "@/lib/sim/presets";
import { createLabSession } from "@/lib/store/labSession";
import { LabStoresProvider } from "@/components/lab/stores";
import { useSession } from "@/components/lab/useSession";
import type { SlideSim } from "@/lib/content/deckTypes";

/**
 * The lab's stores for one slide's simulation, created for that slide (stores are per provider),
 * starting paused at the slide's moment. Unlike the lab's own provider, nothing here reads or
 * writes the page URL: the deck owns the URL (its `#slide` hash) and the keys.
 */
export function SlideSimProvider({ sim, children }: { sim: SlideSim; children: ReactNode }) {
  const [stores] = useState(() => {
    const preset = presetById(sim.preset);
    // Decks are validated at build time, so the preset exists.
    if (!preset) throw new Error(`unknown preset "${sim.preset}"`);
    return createLabSession({ scenario: preset.scenario, presetId: preset.id, t: sim.at, predict: false, problems: [] });
  });
  useSession(stores);
  return <LabStoresProvider stores={stores}>{children}</LabStoresProvider>;
}
