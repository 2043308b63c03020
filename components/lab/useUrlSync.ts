"use client";

import { useEffect } from "react";
import { encodeMapSettings } from "@/lib/explore/mapSettings";
import { encodeLabSearch } from "@/lib/scenario/url";
import type { LabStores } from "./stores";

/** How long the URL waits for changes to settle before it is rewritten. */
const SETTLE_MS = 250;

/** The query string for the lab as it is now; the playhead is left out at the end of the run. */
export function currentSearch({ scenario, playback }: LabStores, options: { share?: boolean } = {}): string {
  const s = scenario.getState();
  const p = playback.getState();
  const atEnd = p.t >= p.endT;
  // A link's map settings that could not be read are left out: the map says what was wrong with them.
  const map = s.map?.ok ? encodeMapSettings(s.map.settings) : null;
  return encodeLabSearch(
    {
      scenario: s.scenario,
      presetId: s.presetId,
      t: atEnd ? null : p.t,
      predict: s.predict.on,
      compare: s.compare,
      map,
    },
    options,
  );
}

/** Every change to the scenario or the playhead (once it stops moving) is written to the URL with replaceState. */
export function useUrlSync(stores: LabStores): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const write = () => {
      if (stores.playback.getState().playing) return;
      const search = currentSearch(stores);
      if (search !== window.location.search) {
        window.history.replaceState(
          window.history.state,
          "",
          `${window.location.pathname}${search}${window.location.hash}`,
        );
      }
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(write, SETTLE_MS);
    };
    const unsubscribeScenario = stores.scenario.subscribe((s, prev) => {
      if (
        s.scenario !== prev.scenario ||
        s.presetId !== prev.presetId ||
        s.predict.on !== prev.predict.on ||
        s.compare !== prev.compare ||
        s.map !== prev.map
      )
        schedule();
    });
    const unsubscribePlayback = stores.playback.subscribe((p, prev) => {
      if (p.t !== prev.t || p.playing !== prev.playing) schedule();
    });
    return () => {
      clearTimeout(timer);
      unsubscribeScenario();
      unsubscribePlayback();
    };
  }, [stores]);
}
