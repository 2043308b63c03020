"use client";

import { useEffect, useMemo, useRef } from "react";
import { SLIDE_VIEWS, type Deck, type PredictStop, type SlideView } from "@/lib/content/deckTypes";
import { formatClock } from "@/lib/sim/format";
import { audienceRoomView, questionIdOf } from "@/lib/room/audienceView";
import { roundTallies } from "@/lib/room/session";
import { RoomPanel } from "@/components/room/RoomPanel";
import { useRoomBroadcast } from "@/components/room/useRoomChannel";
import { usePresenterRoom } from "@/components/room/usePresenterRoom";
import { useRelaySetting } from "@/components/room/useRelaySetting";
import { GoToDialog } from "./GoToDialog";
import { KeyHelpDialog } from "./KeyHelpDialog";
import { SlideSimArea, SlideSimProvider } from "./lazySlideSim";
import { TalkClock } from "./TalkClock";
import { useDeckWindow } from "./useDeckWindow";
import { useTakeOverPage } from "./useTakeOverPage";

const button =
  "rounded-md border border-line bg-page px-3 py-2 font-semibold text-ink hover:bg-surface disabled:cursor-not-allowed disabled:opacity-50";
const VIEW_NAMES: Record<SlideView, string> = { timeline: "Timeline", topology: "Topology", both: "Both" };
const primary =
  "rounded-md bg-ink px-4 py-2 font-semibold text-page hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-50";

/** Where the reveal stops playing, so the presenter knows what the room will see of the run. */
function RevealStop({ stop }: { stop: PredictStop | null }) {
  if (!stop) return <>The reveal plays the run to its end.</>;
  return (
    <>
      The reveal plays the run to <span className="font-mono font-semibold text-ink">{formatClock(stop.t)}</span>
      {stop.nextQuestion === null
        ? ", as this slide's until= says."
        : `, the moment slide ${stop.nextQuestion} asks about.`}
    </>
  );
}

/**
 * The presenter view: the current slide with its simulation and the prediction's answer, the
 * next slide, the speaker notes, the time and the pace, and every control. It stays in step with
 * the audience view both ways.
 */
export function PresenterView({ deck }: { deck: Deck }) {
  const rootRef = useRef<HTMLDivElement>(null);
  useTakeOverPage(rootRef);
  const answers = useMemo(() => deck.slides.map((s) => s.answer), [deck.slides]);
  const w = useDeckWindow({
    slug: deck.slug,
    slides: deck.slides,
    answers,
    otherHref: `/present/${deck.slug}/`,
    otherName: `lease-lab-audience-${deck.slug}`,
  });
  const {
    state,
    dispatch,
    helpRef,
    goToRef,
    letters,
    setLetters,
    openOther,
    registerPlayback,
    reveal,
    view,
    showView,
  } = w;
  const slide = deck.slides[state.slide]!; // the deck's state keeps its slide within the deck (deckState.ts)
  const next = deck.slides[state.slide + 1] ?? null;
  const count = deck.slides.length;

  // The prediction room: the presenter sees every round's votes on this slide; the room sees
  // what roundTallies allows, posted to the audience window.
  const setting = useRelaySetting();
  const room = usePresenterRoom(deck.slug, setting.joinPage);
  const questionId = questionIdOf(deck.slug, slide.number);
  const asked = room.session?.questions.find((q) => q.id === questionId);
  const revealed = state.reveal !== null;
  const tallies = asked ? roundTallies(asked.rounds, { revealed, showRound1: true, audience: false }) : [];
  const roomPoll = room.poll;
  useRoomBroadcast(deck.slug, audienceRoomView(room));
  // The deck's reveal (from either window, by button or R) reveals this question's votes too.
  const revealVotes = room.reveal;
  const pollHere = roomPoll?.questionId === questionId ? roomPoll : null;
  const revealedRound = useRef<string | null>(null);
  useEffect(() => {
    const round = pollHere && `${pollHere.questionId}:${pollHere.round}`;
    if (
      !revealed ||
      !pollHere ||
      pollHere.status === "revealed" ||
      slide.answer === null ||
      revealedRound.current === round
    )
      return;
    revealedRound.current = round;
    revealVotes(slide.answer);
  }, [revealed, pollHere, slide.answer, revealVotes]);

  return (
    <div ref={rootRef} className="fixed inset-0 z-50 overflow-auto bg-page text-ink">
      <div className="mx-auto flex min-h-full max-w-[110rem] flex-col gap-4 p-4 sm:p-6">
        <header className="flex flex-wrap items-center gap-x-6 gap-y-3 border-b border-line pb-4">
          <div className="mr-auto min-w-0">
            <p className="text-sm font-semibold text-ink-muted">Presenter view</p>
            <h1 className="truncate text-2xl font-bold">{deck.title}</h1>
          </div>
          <TalkClock slide={state.slide} slideCount={count} minutes={deck.minutes} />
          <div className="flex flex-wrap gap-2">
            <button type="button" className={button} onClick={openOther}>
              Open audience view
            </button>
            <button type="button" className={button} onClick={() => helpRef.current?.showModal()}>
              Keys and help
            </button>
          </div>
        </header>

        <nav aria-label="Slide controls" className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className={button}
            onClick={() => dispatch({ type: "previous" })}
            disabled={state.slide === 0}
          >
            ← Previous
          </button>
          <button
            type="button"
            className={primary}
            onClick={() => dispatch({ type: "next" })}
            disabled={state.slide === count - 1}
          >
            Next →
          </button>
          <p className="px-2 text-lg tabular-nums" aria-live="polite">
            Slide <span className="font-bold">{slide.number}</span> of {count}
          </p>
          <button type="button" className={button} onClick={() => goToRef.current?.showModal()}>
            Go to…
          </button>
          <button
            type="button"
            className={button}
            aria-pressed={state.blank}
            onClick={() => dispatch({ type: "toggleBlank" })}
          >
            {state.blank ? "Screen blanked: show it" : "Blank screen"}
          </button>
          {view && (
            <div
              role="group"
              aria-label="Diagrams the room sees"
              className="flex overflow-hidden rounded-md border border-line"
            >
              {SLIDE_VIEWS.map((v) => (
                <button
                  key={v}
                  type="button"
                  aria-pressed={view === v}
                  onClick={() => showView(v)}
                  className={`px-3 py-2 font-semibold ${view === v ? "bg-ink text-page" : "bg-page text-ink hover:bg-surface"}`}
                >
                  {VIEW_NAMES[v]}
                </button>
              ))}
            </div>
          )}
          {slide.sim?.predict && (
            // aria-disabled, not disabled: a disabled button drops focus to <body> as it is pressed,
            // where this one keeps it, and says it is done.
            <button
              type="button"
              className={`${primary} aria-disabled:cursor-not-allowed aria-disabled:opacity-50`}
              onClick={() => state.reveal === null && reveal()}
              aria-disabled={state.reveal !== null}
            >
              {state.reveal ? "Revealed" : "Reveal the answer"}
            </button>
          )}
        </nav>

        <div className="grid flex-1 gap-6 xl:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
          <section aria-labelledby="presenter-current" className="min-w-0 space-y-4 rounded-xl border border-line p-4">
            <h2 id="presenter-current" className="text-sm font-semibold tracking-wide text-ink-muted uppercase">
              Current slide{" "}
              {state.blank && <span className="ml-2 rounded bg-ink px-2 py-0.5 text-page normal-case">blanked</span>}
            </h2>
            {slide.html && <div className="present-desk" dangerouslySetInnerHTML={{ __html: slide.html }} />}
            {slide.sim && (
              <SlideSimProvider key={slide.number} sim={slide.sim}>
                <SlideSimArea
                  sim={slide.sim}
                  deck={state}
                  dispatch={dispatch}
                  answer={slide.answer}
                  size="desk"
                  onPlayback={registerPlayback}
                  tallies={tallies}
                />
              </SlideSimProvider>
            )}
            {slide.sim?.predict && (
              <p className="text-sm text-ink-muted">
                {state.reveal
                  ? "The room sees the answer now."
                  : "The room does not see the answer until you reveal it."}{" "}
                <RevealStop stop={slide.sim.predict.stop} />
              </p>
            )}
          </section>

          <div className="min-w-0 space-y-6">
            <RoomPanel room={room} setting={setting} slug={deck.slug} slide={slide} />
            <section aria-labelledby="presenter-notes" className="rounded-xl border border-line p-4">
              <h2 id="presenter-notes" className="text-sm font-semibold tracking-wide text-ink-muted uppercase">
                Notes
              </h2>
              <div className="present-notes mt-2" dangerouslySetInnerHTML={{ __html: slide.notesHtml }} />
            </section>
            <section aria-labelledby="presenter-next" className="rounded-xl border border-line bg-surface p-4">
              <h2 id="presenter-next" className="text-sm font-semibold tracking-wide text-ink-muted uppercase">
                Next slide
              </h2>
              {next ? (
                <div className="mt-2 space-y-2">
                  <p className="text-lg font-bold">
                    {next.number}. {next.title}
                  </p>
                  {next.sim && (
                    <p className="text-ink-muted">
                      {next.sim.predict ? "Prediction" : "Simulation"}: {next.sim.presetTitle}, from{" "}
                      {formatClock(next.sim.at)}
                      {next.sim.view !== "timeline" &&
                        `, opening on ${next.sim.view === "both" ? "the timeline and the topology" : "the topology"}`}
                      {next.sim.predict && <span className="block text-ink">“{next.sim.predict.question}”</span>}
                    </p>
                  )}
                </div>
              ) : (
                <p className="mt-2 text-ink-muted">This is the last slide.</p>
              )}
            </section>
          </div>
        </div>
      </div>
      <KeyHelpDialog ref={helpRef} letters={letters} setLetters={setLetters} />
      <GoToDialog ref={goToRef} slideCount={count} onGo={(n) => dispatch({ type: "go", slide: n })} />
    </div>
  );
}
