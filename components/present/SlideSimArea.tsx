"use client";

import { useEffect } from "react";
import type { SlideSim } from "@/lib/content/deckTypes";
import type { PlaybackStore } from "@/lib/store/labPlayback";
import type { DeckAction, DeckState } from "@/lib/present/deckState";
import { modelOf } from "@/lib/readers/derived";
import { selectResult, selectShowMessages, selectT } from "@/components/lab/selectors";
import { useLabStores, usePlayback, useScenario } from "@/components/lab/stores";
import { PlaybackBar } from "@/components/timeline/PlaybackBar";
import { useReducedMotion } from "@/components/timeline/useReducedMotion";
import type { Tally } from "@/lib/room/session";
import { PredictionPoll } from "./PredictionPoll";
import { PresentTimeline } from "./PresentTimeline";
import { PresentTopology } from "./PresentTopology";
import { RunCaption } from "./RunCaption";
import { ScenarioCard } from "./ScenarioCard";
import { usePlaybackBinding } from "./usePlaybackBinding";

const NO_STOPS = new Float64Array();
/** More lanes than this make a diagram too tall to share the screen's height with a question. */
const TALL_LANES = 5;

/**
 * A slide's live simulation, bound to the deck: the prediction (if any), the diagrams (the
 * timeline, the topology or both, as the deck's view says) and the caption. The audience sees it
 * at room scale; the presenter at desk scale with the lab's playback bar. `answer` is the
 * revealed answer, or, in the presenter view only, the answer to show.
 */
export function SlideSimArea({
  sim,
  deck,
  dispatch,
  answer,
  size,
  onPlayback,
  tallies = [],
}: {
  sim: SlideSim;
  deck: DeckState;
  dispatch: (action: DeckAction) => void;
  answer: number | null;
  size: "room" | "desk";
  /** Hands the window this slide's playback, for its P key. */
  onPlayback: (store: PlaybackStore | null) => void;
  /** The prediction room's votes to draw beside the options. */
  tallies?: readonly Tally[];
}) {
  const { playback } = useLabStores();
  const result = useScenario(selectResult);
  const showMessages = usePlayback(selectShowMessages);
  // A title slide's run at 0 s, not yet played: the room sees what the scenario is, not an empty
  // grid, until the run plays or the presenter picks the diagrams to show.
  const notStarted = usePlayback((s) => selectT(s) <= 0) && sim.at === 0 && sim.predict === null && deck.view === null;
  const reducedMotion = useReducedMotion();
  const model = result ? modelOf(result) : null;
  const stops = model ? (showMessages ? model.stops.all : model.stops.withoutMessages) : NO_STOPS;
  usePlaybackBinding(sim, deck, dispatch, stops, reducedMotion);
  useEffect(() => {
    onPlayback(playback);
    return () => onPlayback(null);
  }, [onPlayback, playback]);
  const limitT = sim.predict ? (deck.reveal ? (sim.predict.stop?.t ?? Infinity) : sim.at) : Infinity;
  const room = size === "room";
  const view = deck.view ?? sim.view;

  // A timeline of many lanes needs the height: on a wide screen its question goes beside it. Two
  // diagrams need the width, so their question stays above them.
  const beside =
    room && sim.predict !== null && model !== null && model.lanes.length > TALL_LANES && view === "timeline";
  // Side by side, the two share the width evenly: the topology's cards need as much of it as the
  // timeline's lanes for their text to read at room scale.
  const timeline = view !== "topology" && (
    <PresentTimeline
      at={sim.at}
      limitT={limitT}
      scale={room ? "fit" : 1}
      className={room ? "min-w-0 flex-1" : "rounded-lg border border-line"}
    />
  );
  const topology = view !== "timeline" && <PresentTopology size={size} className={room ? "flex-1" : ""} />;
  // Two diagrams go side by side on a wide screen.
  const diagrams =
    room && notStarted ? (
      <ScenarioCard title={sim.presetTitle} />
    ) : room ? (
      <div className="flex min-h-0 flex-1 flex-col gap-[2vw] xl:flex-row">
        {timeline}
        {topology}
      </div>
    ) : (
      <>
        {timeline}
        {topology}
      </>
    );

  return (
    <div className={room ? "flex min-h-0 flex-1 flex-col gap-[2vh]" : "space-y-3"}>
      {beside ? (
        <div className="flex min-h-0 flex-1 flex-col gap-[2vw] lg:flex-row">
          <div className="lg:w-[34%] lg:shrink-0">
            {sim.predict && (
              <PredictionPoll
                predict={sim.predict}
                answer={answer}
                revealed={deck.reveal !== null}
                size="room"
                stacked
                tallies={tallies}
              />
            )}
          </div>
          <div className="flex min-h-0 min-w-0 flex-1 flex-col">{diagrams}</div>
        </div>
      ) : (
        <>
          {sim.predict && (
            <PredictionPoll
              predict={sim.predict}
              answer={answer}
              revealed={deck.reveal !== null}
              size={size}
              tallies={tallies}
            />
          )}
          {!room && <PlaybackBar stops={stops} onStepped={() => {}} reducedMotion={reducedMotion} />}
          {diagrams}
        </>
      )}
      <RunCaption title={sim.presetTitle} live={room} />
    </div>
  );
}
