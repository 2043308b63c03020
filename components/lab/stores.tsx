"use client";

/**
 * The lab's stores, provided per lab (no global singletons), and the hooks components use to
 * select from them. Components pass module-level selectors, and `useShallow` for objects.
 */
import { createContext, useContext, type ReactNode } from "react";
import { useStore } from "zustand";
import type { LabProgressState, LabProgressStore } from "@/lib/store/labProgress";
import type { PlaybackState, PlaybackStore } from "@/lib/store/labPlayback";
import type { ScenarioState, ScenarioStore } from "@/lib/store/labScenario";

export interface LabStores {
  scenario: ScenarioStore;
  playback: PlaybackStore;
  progress: LabProgressStore;
}

const LabStoresContext = createContext<LabStores | null>(null);

export function LabStoresProvider({ stores, children }: { stores: LabStores; children: ReactNode }) {
  return <LabStoresContext.Provider value={stores}>{children}</LabStoresContext.Provider>;
}

export function useLabStores(): LabStores {
  const stores = useContext(LabStoresContext);
  if (!stores) throw new Error("lab components must be inside <LabStoresProvider>");
  return stores;
}

export function useScenario<T>(selector: (state: ScenarioState) => T): T {
  return useStore(useLabStores().scenario, selector);
}

export function usePlayback<T>(selector: (state: PlaybackState) => T): T {
  return useStore(useLabStores().playback, selector);
}

export function useLabProgress<T>(selector: (state: LabProgressState) => T): T {
  return useStore(useLabStores().progress, selector);
}
