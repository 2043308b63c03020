"use client";

import { useEffect, useRef } from "react";
import type { DeckAction, DeckState } from "@/lib/present/deckState";
import type { SlideSim } from "@/lib/content/deckTypes";
import { useLabStores } from "@/components/lab/stores";

/**
 * Binds the slide simulation's playback store to the deck's shared state, both ways. The deck
 * state says where the playhead was when it last started, stopped or moved, and whether it plays;
 * each window animates its own playhead in between, so nothing is posted on every frame. What the
 * user does to the playback here (play, pause, step, scrub, speed) is dispatched to the deck. A
 * prediction holds the playhead at its moment until it is revealed.
 */
export function usePlaybackBinding(sim: SlideSim, state: Pick<DeckState, "t" | "playing" | "speed" | "reveal">, dispatch: (action: DeckAction) => void): void {
  const { playback } = useLabStores();
  const applying = useRef(false);
  const limit = sim.predict && !state.reveal ? sim.at : null;

  useEffect(() => {
    const p = playback.getState();
    applying.current = true;
    if (p.limitT !== limit) p.setLimit(limit);
    const t = state.t ?? sim.at;
    const moved = p.playing !== state.playing || (!state.playing && p.t !== t);
    // Set together, so the subscription below sees one consistent change (and it is ours).
    if (moved) playback.setState({ t: Math.max(0, Math.min(limit ?? p.endT, p.endT, t)), playing: state.playing });
    if (state.speed !== null && p.speed !== state.speed) p.setSpeed(state.speed);
    applying.current = false;
  }, [playback, limit, state.t, state.playing, state.speed, sim.at]);

  useEffect(
    () =>
      playback.subscribe((p, prev) => {
        if (applying.current) return;
        const byUser = p.playing !== prev.playing || (!p.playing && p.t !== prev.t) || p.speed !== prev.speed;
        if (byUser) dispatch({ type: "playhead", t: p.t, playing: p.playing, speed: p.speed });
      }),
    [playback, dispatch],
  );
}
