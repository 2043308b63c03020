"use client";

import { useEffect } from "react";
import type { SlideSim } from "@/lib/content/deckTypes";
import type { PlaybackStore } from "@/lib/store/labPlayback";
import type { DeckAction, DeckState } from "@/lib/present/deckState";
import { modelOf } from "@/lib/lab/derived";
import { selectResult, selectShowMessages } from "@/components/lab/selectors";
import { useLabStores, usePlayback, useScenario } from "@/components/lab/stores";
import { PlaybackBar } from "@/components/timeline/PlaybackBar";
import { usePlaybackLoop } from "@/components/timeline/usePlaybackLoop";
import { useReducedMotion } from "@/components/timeline/useReducedMotion";
import { PredictionPoll } from "./PredictionPoll";
import { PresentTimeline } from "./PresentTimeline";
import { RunCaption } from "./RunCaption";
import { usePlaybackBinding } from "./usePlaybackBinding";

const NO_STOPS = new Float64Array();
/** More lanes than this make a diagram too tall to share the screen's height with a question. */
const TALL_LANES = 5;

/**
 * A slide's live simulation, bound to the deck: the prediction (if any), the diagram and the
 * caption. The audience sees it at room scale; the presenter at desk scale with the lab's playback
 * bar. `answer` is the revealed answer, or, in the presenter view only, the answer to show.
 */
export function SlideSimArea({
  sim,
  deck,
  dispatch,
  answer,
  size,
  onPlayback,
}: {
  sim: SlideSim;
  deck: DeckState;
  dispatch: (action: DeckAction) => void;
  answer: number | null;
  size: "room" | "desk";
  /** Hands the window this slide's playback, for its P key. */
  onPlayback: (store: PlaybackStore | null) => void;
}) {
  const { playback } = useLabStores();
  const result = useScenario(selectResult);
  const showMessages = usePlayback(selectShowMessages);
  const reducedMotion = useReducedMotion();
  const model = result ? modelOf(result) : null;
  const stops = model ? (showMessages ? model.stops.all : model.stops.withoutMessages) : NO_STOPS;
  usePlaybackBinding(sim, deck, dispatch);
  usePlaybackLoop(stops, reducedMotion);
  useEffect(() => {
    onPlayback(playback);
    return () => onPlayback(null);
  }, [onPlayback, playback]);
  const limitT = sim.predict && !deck.reveal ? sim.at : Infinity;
  const room = size === "room";

  // A run with many lanes needs the height: on a wide screen its question goes beside it.
  const beside = room && sim.predict !== null && model !== null && model.lanes.length > TALL_LANES;
  const timeline = <PresentTimeline at={sim.at} limitT={limitT} scale={room ? "fit" : 1} className={room ? "flex-1" : "rounded-lg border border-line"} />;

  return (
    <div className={room ? "flex min-h-0 flex-1 flex-col gap-[2vh]" : "space-y-3"}>
      {beside ? (
        <div className="flex min-h-0 flex-1 flex-col gap-[2vw] lg:flex-row">
          <div className="lg:w-[34%] lg:shrink-0">{sim.predict && <PredictionPoll predict={sim.predict} answer={answer} revealed={deck.reveal !== null} size="room" stacked />}</div>
          <div className="flex min-h-0 min-w-0 flex-1 flex-col">{timeline}</div>
        </div>
      ) : (
        <>
          {sim.predict && <PredictionPoll predict={sim.predict} answer={answer} revealed={deck.reveal !== null} size={size} />}
          {!room && <PlaybackBar stops={stops} onStepped={() => {}} reducedMotion={reducedMotion} />}
          {timeline}
        </>
      )}
      <RunCaption title={sim.presetTitle} live={room} />
    </div>
  );
}
