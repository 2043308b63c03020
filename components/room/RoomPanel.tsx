"use client";

import { useId, useState } from "react";
import type { PresenterSlide } from "@/lib/content/deckTypes";
import { questionIdOf } from "@/lib/room/audienceView";
import { sessionCsv, sessionJson } from "@/lib/room/session";
import type { PresenterRoom } from "./usePresenterRoom";
import type { RelaySetting } from "./useRelaySetting";

const button =
  "rounded-md border border-line bg-page px-3 py-2 font-semibold text-ink hover:bg-surface disabled:cursor-not-allowed disabled:opacity-50";
const primary =
  "rounded-md bg-ink px-4 py-2 font-semibold text-page hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-50";

function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The presenter's controls for the prediction room: the relay, opening and closing the room, the
 * join card on the screen, and on a `::predict` slide the rounds (start, close, a second round,
 * showing round 1 to the room). Reveal is the deck's own Reveal, which also reveals the votes.
 */
export function RoomPanel({
  room,
  setting,
  slug,
  slide,
}: {
  room: PresenterRoom;
  setting: RelaySetting;
  slug: string;
  slide: PresenterSlide;
}) {
  const fieldId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const relay = draft ?? setting.relay ?? "";
  const predict = slide.sim?.predict ?? null;
  const questionId = questionIdOf(slug, slide.number);
  const poll = room.poll?.questionId === questionId ? room.poll : null;
  const votes = poll ? poll.counts.reduce((a, b) => a + b, 0) : 0;
  const asked = room.session?.questions ?? [];

  const startRound = (round: 1 | 2) => {
    if (!predict || slide.answer === null) return;
    room.start({ id: questionId, text: predict.question, options: predict.options }, round, {
      slide: slide.number,
      question: predict.question,
      options: predict.options,
      answer: slide.answer,
    });
  };

  return (
    <section aria-labelledby="presenter-room" className="space-y-3 rounded-xl border border-line p-4">
      <h2 id="presenter-room" className="text-sm font-semibold tracking-wide text-ink-muted uppercase">
        Prediction room
      </h2>
      {room.problem && (
        <p role="alert" className="rounded-md border-2 border-danger px-3 py-2 text-danger-ink">
          {room.problem}
        </p>
      )}
      {room.connection === null ? (
        <>
          <p className="text-ink-muted">
            {setting.relay
              ? "The room votes on each prediction from their phones: no account, no name."
              : "No vote relay is known here, so the room votes by hands. Run `npm run room` to serve one with the site, or give a relay's address."}
          </p>
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (relay.trim() !== (setting.relay ?? "")) setting.save(relay.trim() === "" ? null : relay.trim());
              room.open(relay);
            }}
          >
            <label htmlFor={fieldId} className="flex min-w-0 flex-[1_1_14rem] flex-col gap-1 text-sm font-semibold">
              Vote relay address
              <input
                id={fieldId}
                className="rounded-md border border-line bg-page px-2 py-1.5 font-mono font-normal"
                value={relay}
                placeholder="/relay or wss://…"
                onChange={(event) => setDraft(event.target.value)}
                spellCheck={false}
              />
            </label>
            <button type="submit" className={primary} disabled={!setting.loaded || relay.trim() === ""}>
              Open a room
            </button>
          </form>
        </>
      ) : (
        <>
          <p className="text-lg" aria-live="polite">
            {room.code ? (
              <>
                Room <span className="font-mono font-bold tracking-widest">{room.code}</span> ·{" "}
                <span className="tabular-nums">{room.joined}</span> joined
              </>
            ) : (
              "Opening a room…"
            )}
            {room.connection !== "open" && room.code && (
              <span className="ml-2 text-ink-muted">(reconnecting to the relay…)</span>
            )}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={button}
              aria-pressed={room.showJoin}
              disabled={!room.code}
              onClick={() => room.setShowJoin(!room.showJoin)}
            >
              Show the join code
            </button>
            <button type="button" className={button} onClick={room.end}>
              Close the room
            </button>
          </div>
          {predict && room.code && (
            <div role="group" aria-label="Voting on this slide" className="space-y-2 border-t border-line pt-3">
              <p aria-live="polite">
                {!poll
                  ? "No votes on this question yet."
                  : `Round ${poll.round}: ${votes} ${votes === 1 ? "vote" : "votes"} of ${room.joined} joined, ${poll.status === "open" ? "voting open" : poll.status === "closed" ? "voting closed" : "revealed"}.`}
              </p>
              <div className="flex flex-wrap gap-2">
                {!poll && (
                  <button type="button" className={primary} onClick={() => startRound(1)}>
                    Start voting
                  </button>
                )}
                {poll?.status === "open" && (
                  <button type="button" className={primary} onClick={room.close}>
                    Close voting
                  </button>
                )}
                {poll?.status === "closed" && poll.round === 1 && (
                  <button type="button" className={button} onClick={() => startRound(2)}>
                    Start round 2
                  </button>
                )}
                {poll && poll.status !== "open" && (poll.round === 2 || poll.status === "closed") && (
                  <button
                    type="button"
                    className={button}
                    aria-pressed={room.shownRound1.includes(questionId)}
                    disabled={room.shownRound1.includes(questionId)}
                    onClick={() => room.showRound1(questionId)}
                  >
                    Show round 1 to the room
                  </button>
                )}
              </div>
              {poll && poll.status !== "revealed" && (
                <p className="text-sm text-ink-muted">Reveal shows the room its votes beside the run&apos;s answer.</p>
              )}
            </div>
          )}
          <div className="flex flex-wrap items-center gap-2 border-t border-line pt-3">
            <span className="text-sm text-ink-muted">
              This session: {asked.length} {asked.length === 1 ? "question" : "questions"}
            </span>
            <button
              type="button"
              className={button}
              disabled={!room.session || asked.length === 0}
              onClick={() => room.session && download(`${slug}-${room.code}.csv`, "text/csv", sessionCsv(room.session))}
            >
              Export CSV
            </button>
            <button
              type="button"
              className={button}
              disabled={!room.session || asked.length === 0}
              onClick={() =>
                room.session && download(`${slug}-${room.code}.json`, "application/json", sessionJson(room.session))
              }
            >
              Export JSON
            </button>
          </div>
        </>
      )}
    </section>
  );
}
