"use client";

import { useEffect, useState, type ReactNode } from "react";
import { presetById } from "@/lib/scenario/presets";
import type { LabSession } from "@/lib/store/labSession";
import { openSessionInSteps } from "@/components/lab/openInSteps";
import { LabStoresProvider } from "@/components/lab/stores";
import { useSession } from "@/components/lab/useSession";
import type { SlideSim } from "@/lib/content/deckTypes";
import { SimulationLoading } from "./SimulationLoading";

/**
 * The lab's stores for one slide's simulation, created for that slide (stores are per provider),
 * starting paused at the slide's moment. Unlike the lab's own provider, nothing here reads or
 * writes the page URL: the deck owns the URL (its `#slide` hash) and the keys. The session opens
 * one step per task (openSessionInSteps), so a deck opening on a slide with a run has no long task.
 */
export function SlideSimProvider({ sim, children }: { sim: SlideSim; children: ReactNode }) {
  const preset = presetById(sim.preset);
  // Decks are validated at build time, so the preset exists.
  if (!preset) throw new Error(`unknown preset "${sim.preset}"`);
  const [opened, setOpened] = useState<{ key: string; session: LabSession } | null>(null);
  const key = `${preset.id} ${sim.at}`;
  useEffect(() => {
    let current = true;
    void openSessionInSteps({
      scenario: preset.scenario,
      presetId: preset.id,
      t: sim.at,
      predict: false,
      problems: [],
    }).then((session) => {
      if (current) setOpened({ key, session });
      else session.dispose();
    });
    return () => {
      current = false;
    };
  }, [key, preset, sim.at]);
  if (opened?.key !== key) return <SimulationLoading />;
  return <SessionProvider session={opened.session}>{children}</SessionProvider>;
}

function SessionProvider({ session, children }: { session: LabSession; children: ReactNode }) {
  useSession(session);
  return <LabStoresProvider stores={session}>{children}</LabStoresProvider>;
}
