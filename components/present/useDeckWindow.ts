"use client";

import { useCallback, useMemo, useRef } from "react";
import type { PlaybackStore } from "@/lib/store/labPlayback";
import type { SlideView } from "@/lib/content/deckTypes";
import { nextSlideView, type DeckShape } from "@/lib/present/deckState";
import { hashOfSlide } from "@/lib/present/slideHash";
import { useDeckKeys } from "./useDeckKeys";
import { useDeckSync } from "./useDeckSync";
import { useShortcutsSetting } from "./useShortcutsSetting";

export interface DeckWindowOptions {
  slug: string;
  slides: readonly { sim: { predict: unknown; view: SlideView } | null }[];
  /** Only the presenter view knows the answers. */
  answers: readonly (number | null)[] | null;
  /** The other view of this deck (S opens it), without its hash. */
  otherHref: string;
  otherName: string;
}

/**
 * Everything one window of a running deck shares with the other: the synced state, the keys,
 * the help and go-to dialogs, the slide's view (T steps through it), and a handle on the current
 * slide's playback (P plays and pauses it where it is, and the playback then tells the deck).
 */
export function useDeckWindow({ slug, slides, answers, otherHref, otherName }: DeckWindowOptions) {
  const shape: DeckShape = useMemo(
    () => ({ slideCount: slides.length, predicts: slides.map((s) => Boolean(s.sim?.predict)) }),
    [slides],
  );
  const sync = useDeckSync(slug, shape, answers);
  const [letters, setLetters] = useShortcutsSetting();
  const helpRef = useRef<HTMLDialogElement>(null);
  const goToRef = useRef<HTMLDialogElement>(null);
  const playbackRef = useRef<PlaybackStore | null>(null);
  const { dispatch, state } = sync;

  const registerPlayback = useCallback((store: PlaybackStore | null) => {
    playbackRef.current = store;
  }, []);
  const togglePlay = useCallback(() => {
    playbackRef.current?.getState().togglePlay();
  }, []);
  // The slide's diagrams as the room sees them; null on a slide without a simulation.
  const view = state.view ?? slides[state.slide]?.sim?.view ?? null;
  const showView = useCallback((next: SlideView) => dispatch({ type: "view", view: next }), [dispatch]);
  const reveal = useCallback(
    () => dispatch({ type: "reveal", answer: answers?.[state.slide] ?? null }),
    [dispatch, answers, state.slide],
  );
  const openOther = useCallback(() => {
    window.open(`${otherHref}${hashOfSlide(state.slide)}`, otherName)?.focus();
  }, [otherHref, otherName, state.slide]);
  const fullScreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => {});
  }, []);

  useDeckKeys(
    {
      dispatch: (action) => (action.type === "reveal" ? reveal() : dispatch(action)),
      togglePlay,
      nextView: () => view && showView(nextSlideView(view)),
      goTo: () => goToRef.current?.showModal(),
      fullScreen,
      openOther,
      help: () => helpRef.current?.showModal(),
    },
    letters,
  );

  return {
    ...sync,
    shape,
    letters,
    setLetters,
    helpRef,
    goToRef,
    registerPlayback,
    togglePlay,
    view,
    showView,
    reveal,
    openOther,
    fullScreen,
  };
}
