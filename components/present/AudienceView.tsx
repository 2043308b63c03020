"use client";

import { useRef } from "react";
import type { AudienceDeck } from "@/lib/content/deckTypes";
import { questionIdOf } from "@/lib/room/audienceView";
import { AudienceJoinCard } from "@/components/room/AudienceJoinCard";
import { useAudienceRoom } from "@/components/room/useRoomChannel";
import { GoToDialog } from "./GoToDialog";
import { KeyHelpDialog } from "./KeyHelpDialog";
import { SlideSimArea, SlideSimProvider } from "./lazySlideSim";
import { useDeckWindow } from "./useDeckWindow";
import { useTakeOverPage } from "./useTakeOverPage";

/**
 * The audience view: the current slide over the whole screen, at a scale readable from the back
 * of a room. It holds no notes and no answers (its props have none); a prediction's answer
 * arrives from the presenter view at the reveal. With a prediction room open, the presenter's
 * window also sends how to join, how many voted, and the distributions the room may see.
 */
export function AudienceView({ deck }: { deck: AudienceDeck }) {
  const rootRef = useRef<HTMLDivElement>(null);
  useTakeOverPage(rootRef);
  const w = useDeckWindow({
    slug: deck.slug,
    slides: deck.slides,
    answers: null,
    otherHref: `/present/${deck.slug}/presenter/`,
    otherName: `lease-lab-presenter-${deck.slug}`,
  });
  const { state, dispatch, helpRef, goToRef, letters, setLetters, openOther, registerPlayback } = w;
  const slide = deck.slides[state.slide]!; // the deck's state keeps its slide within the deck (deckState.ts)
  const room = useAudienceRoom(deck.slug);
  const roomPoll = room?.poll?.questionId === questionIdOf(deck.slug, slide.number) ? room.poll : null;
  const voting = roomPoll?.status === "open";

  return (
    <div ref={rootRef} className="present-room fixed inset-0 z-50 flex flex-col bg-page text-ink">
      <div className={`relative flex min-h-0 flex-1 flex-col ${state.blank ? "invisible" : ""}`}>
        {/* Before a vote, the card takes the screen's corner over the slide, for the room to join.
            Once voting opens the presenter's room hides it, as it would cover the question; shown
            again on a slide with a vote, it takes a column of its own beside the slide. */}
        {room?.showJoin && !roomPoll && (
          <div className="absolute top-[3vh] right-[3vw] z-10 max-w-[60vw]">
            <AudienceJoinCard view={room} compact={false} />
          </div>
        )}
        <div className="flex min-h-0 flex-1 flex-col sm:flex-row">
          <section
            key={slide.number}
            aria-roledescription="slide"
            aria-label={`Slide ${slide.number} of ${deck.slides.length}: ${slide.title}`}
            className="flex min-h-0 min-w-0 flex-1 flex-col gap-[2.5vh] px-[4vw] pt-[4vh] pb-[2vh]"
          >
            {slide.html && (
              <div
                className={`present-prose ${slide.sim ? "present-prose-compact" : "present-prose-full"}`}
                dangerouslySetInnerHTML={{ __html: slide.html }}
              />
            )}
            {slide.sim && (
              <SlideSimProvider sim={slide.sim}>
                <SlideSimArea
                  sim={slide.sim}
                  deck={state}
                  dispatch={dispatch}
                  answer={state.reveal?.answer ?? null}
                  size="room"
                  onPlayback={registerPlayback}
                  tallies={roomPoll?.tallies}
                />
              </SlideSimProvider>
            )}
          </section>
          {room?.showJoin && roomPoll && (
            <div className="shrink-0 px-[4vw] pb-[2vh] sm:max-w-[30vw] sm:pt-[4vh] sm:pr-[3vw] sm:pb-0 sm:pl-0">
              <AudienceJoinCard view={room} compact />
            </div>
          )}
        </div>
        <footer className="present-room-text flex items-center gap-3 border-t border-line px-[4vw] py-2 whitespace-nowrap text-ink-muted sm:gap-4">
          <span className="hidden truncate font-semibold text-ink sm:inline">{deck.title}</span>
          <span className="tabular-nums" aria-live="polite">
            {slide.number} / {deck.slides.length}
          </span>
          {room && (
            <span className="tabular-nums" role="status">
              Room <span className="font-mono font-bold text-ink">{room.code}</span> · {room.joined} joined
              {roomPoll &&
                ` · round ${roomPoll.round}: ${roomPoll.votes} ${roomPoll.votes === 1 ? "vote" : "votes"}${voting ? "" : ", voting closed"}`}
            </span>
          )}
          <span className="mr-auto" />
          <button
            type="button"
            onClick={() => helpRef.current?.showModal()}
            className="rounded-md px-2 py-1 hover:bg-surface"
          >
            Keys and help
          </button>
          <button type="button" onClick={openOther} className="rounded-md px-2 py-1 hover:bg-surface">
            Presenter view
          </button>
        </footer>
      </div>
      {state.blank && (
        <div className="absolute inset-0 bg-black" role="status">
          <span className="sr-only">The screen is blank. Press B to show the slide again.</span>
        </div>
      )}
      <KeyHelpDialog ref={helpRef} letters={letters} setLetters={setLetters} />
      <GoToDialog ref={goToRef} slideCount={deck.slides.length} onGo={(slide) => dispatch({ type: "go", slide })} />
    </div>
  );
}
