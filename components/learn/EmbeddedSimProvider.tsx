"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { useSession } from "@/components/lab/useSession";
import { LabStoresProvider } from "@/components/lab/stores";
import { decodeLabSearch } from "@/lib/scenario/url";
import { modelOf } from "@/lib/readers/derived";
import { pictureSpan } from "@/lib/readers/pictureSpan";
import type { Scenario } from "@/lib/sim/scenario";
import { createLabSession } from "@/lib/store/labSession";

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
 * its moment, and releasing it plays the run on from there to the end of its picture.
 */
export function EmbeddedSimProvider({ presetId, scenario, holdAt, children }: Props) {
  const [stores] = useState(() => {
    const initial = decodeLabSearch(`?preset=${encodeURIComponent(presetId)}${holdAt === null ? "" : `&t=${holdAt}`}`);
    const session = createLabSession(initial);
    if (scenario !== initial.scenario) session.scenario.getState().edit(() => scenario);
    return session;
  });
  useSession(stores);

  // After useSession, whose following clears any limit when it first runs: the hold is ours.
  const held = useRef<number | null>(null);
  useEffect(() => {
    const playback = stores.playback.getState();
    if (holdAt !== null) {
      playback.setLimit(holdAt);
      playback.setT(holdAt);
    } else if (held.current !== null) {
      playback.setLimit(null);
      // "Watch the run play on": to the end of its picture, even when the moment held was its last event.
      const { result } = stores.scenario.getState();
      if (result) playback.playOn(pictureSpan(modelOf(result))[1]);
      else playback.play();
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
