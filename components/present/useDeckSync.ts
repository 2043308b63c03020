"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  deckInitial,
  deckReceive,
  deckReduce,
  deckRevealNeedsAnswer,
  type DeckAction,
  type DeckMessage,
  type DeckShape,
  type DeckState,
} from "@/lib/present/deckState";
import { hashOfSlide, slideFromHash } from "@/lib/present/slideHash";

export interface DeckSync {
  state: DeckState;
  dispatch: (action: DeckAction) => void;
}

/**
 * The deck's state in this window, kept in step with the deck's other windows (audience and
 * presenter) through a BroadcastChannel: no server. A new window asks the others for their state;
 * each change is posted whole, and the newer one wins (see lib/present/deckState). The slide is
 * mirrored in the location hash (`#3`), so a reload or a shared link opens that slide.
 * `answers` is given only where answers may be (the presenter): a reveal made elsewhere without
 * its answer is completed here.
 */
export function useDeckSync(slug: string, shape: DeckShape, answers: readonly (number | null)[] | null): DeckSync {
  const [author] = useState(() =>
    typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : String(Math.random()),
  );
  // The hash exists only in the browser: the first render (also the static HTML) shows slide 1.
  const [state, setState] = useState<DeckState>(() => deckInitial(shape, 0, author));
  const stateRef = useRef(state);
  const channelRef = useRef<BroadcastChannel | null>(null);

  const commit = useCallback((next: DeckState, post: boolean) => {
    if (next === stateRef.current) return;
    stateRef.current = next;
    setState(next);
    if (post) channelRef.current?.postMessage({ type: "state", state: next } satisfies DeckMessage);
  }, []);

  const dispatch = useCallback(
    (action: DeckAction) => commit(deckReduce(shape, stateRef.current, action, author, Date.now()), true),
    [commit, shape, author],
  );

  useEffect(() => {
    const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(`lease-lab:present:${slug}`);
    channelRef.current = channel;
    // A deep link is this window's first move: a window that has moved since keeps its own state.
    const fromHash = slideFromHash(window.location.hash, shape.slideCount);
    if (fromHash !== null) dispatch({ type: "go", slide: fromHash });
    if (channel) {
      channel.onmessage = (event: MessageEvent<DeckMessage>) => {
        if (event.data?.type === "hello")
          channel.postMessage({ type: "state", state: stateRef.current } satisfies DeckMessage);
        else commit(deckReceive(shape, stateRef.current, event.data), false);
      };
      channel.postMessage({ type: "hello" } satisfies DeckMessage);
    }
    const onHash = () => {
      const slide = slideFromHash(window.location.hash, shape.slideCount);
      if (slide !== null) dispatch({ type: "go", slide });
    };
    window.addEventListener("hashchange", onHash);
    return () => {
      window.removeEventListener("hashchange", onHash);
      channel?.close();
      channelRef.current = null;
    };
  }, [slug, shape, author, commit, dispatch]);

  useEffect(() => {
    const hash = hashOfSlide(state.slide);
    if (window.location.hash !== hash)
      window.history.replaceState(
        window.history.state,
        "",
        `${window.location.pathname}${window.location.search}${hash}`,
      );
  }, [state.slide]);

  const answer = answers?.[state.slide] ?? null;
  useEffect(() => {
    if (deckRevealNeedsAnswer(state, answer)) dispatch({ type: "reveal", answer });
  }, [state, answer, dispatch]);

  return useMemo(() => ({ state, dispatch }), [state, dispatch]);
}
