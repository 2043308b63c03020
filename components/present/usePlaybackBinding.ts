"use client";

import { useEffect, useRef } from "react";
import { deckPlayheadAt, type DeckAction, type DeckState } from "@/lib/present/deckState";
import type { SlideSim } from "@/lib/content/deckTypes";
import { upperBound } from "@/lib/readers/intervals";
import { stopAt, type PlaybackState } from "@/lib/store/labPlayback";
import { useLabStores } from "@/components/lab/stores";

/**
 * Binds the slide simulation's playback store to the deck's shared state, both ways. The deck
 * state says where the playhead was when it last started, stopped or moved, whether it plays,
 * and the wall time it started playing; every window computes its playhead from the clock on
 * each frame (deckPlayheadAt), so windows stay together however many frames each one drops, and
 * nothing is posted while it plays. What the user does to the playback here (play, pause, step,
 * scrub, speed) is dispatched to the deck. A prediction holds the playhead at its moment until it
 * is revealed, and its reveal plays to the prediction's stop point (the next question's moment,
 * or `until=`), not past it. With reduced motion the playhead moves from event to event at the
 * run's own pace, with nothing drawn in between.
 */
export function usePlaybackBinding(
  sim: SlideSim,
  state: Pick<DeckState, "t" | "playing" | "wall" | "speed" | "reveal">,
  dispatch: (action: DeckAction) => void,
  stops: ArrayLike<number>,
  reducedMotion: boolean,
): void {
  const { playback } = useLabStores();
  const applying = useRef(false);
  const limit = sim.predict ? (state.reveal ? (sim.predict.stop?.t ?? null) : sim.at) : null;

  useEffect(() => {
    const apply = (change: Partial<PlaybackState>) => {
      applying.current = true;
      playback.setState(change);
      applying.current = false;
    };
    const p = playback.getState();
    if (p.limitT !== limit) apply({ limitT: limit });
    if (state.speed !== null && p.speed !== state.speed) apply({ speed: state.speed });
    const t0 = Math.max(0, Math.min(limit ?? p.endT, p.endT, state.t ?? sim.at));
    /** The playhead now, by the clock; with reduced motion, the last event it has reached. */
    const position = () => {
      const s = playback.getState();
      const at = deckPlayheadAt(
        { t: t0, wall: state.wall, playing: state.playing, speed: s.speed },
        stopAt({ ...s, t: t0 }),
        Date.now(),
      );
      if (!reducedMotion || at.ended || !state.playing) return at;
      const reached = stops[upperBound(stops, at.t) - 1];
      return { t: reached !== undefined && reached > t0 ? reached : t0, ended: false };
    };
    const first = position();
    apply({ t: first.t, playing: state.playing && !first.ended });
    if (!state.playing || first.ended) return;
    let frame = requestAnimationFrame(function advance() {
      const at = position();
      if (at.t !== playback.getState().t || at.ended) apply({ t: at.t, playing: !at.ended });
      if (!at.ended) frame = requestAnimationFrame(advance);
    });
    return () => cancelAnimationFrame(frame);
  }, [playback, limit, state.t, state.playing, state.wall, state.speed, sim.at, stops, reducedMotion]);

  useEffect(
    () =>
      playback.subscribe((p, prev) => {
        if (applying.current) return;
        const byUser = p.playing !== prev.playing || p.t !== prev.t || p.speed !== prev.speed;
        if (byUser) dispatch({ type: "playhead", t: p.t, playing: p.playing, speed: p.speed });
      }),
    [playback, dispatch],
  );
}
