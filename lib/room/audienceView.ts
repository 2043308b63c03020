/**
 * What the projected audience window shows of a room, as the presenter's window posts it over a
 * BroadcastChannel (the audience window never talks to the relay and holds no secret).
 */
import type { PollStatus, PresenterPoll } from "./protocol";
import { roundTallies, type Session, type Tally } from "./session";

export interface AudienceRoomView {
  code: string;
  /** The link the QR code holds. */
  joinUrl: string;
  joined: number;
  /** The presenter shows the join card (code and QR code) on the screen. */
  showJoin: boolean;
  /** The current round: how many voted, and only the distributions the room may see. */
  poll: { questionId: string; round: 1 | 2; status: PollStatus; votes: number; tallies: Tally[] } | null;
}

export type AudienceRoomMessage = { type: "hello" } | { type: "room"; view: AudienceRoomView | null };

export const roomChannelName = (slug: string) => `lease-lab:room:${slug}`;
/** A question's id on the relay: its deck and slide number. */
export const questionIdOf = (slug: string, slideNumber: number) => `${slug}#${slideNumber}`;

/** The room as the audience may see it, from the presenter's state: live counts only as a total, distributions as roundTallies allows. */
export function audienceRoomView(room: {
  code: string | null;
  joinUrl: string | null;
  joined: number;
  showJoin: boolean;
  poll: PresenterPoll | null;
  session: Session | null;
  shownRound1: readonly string[];
}): AudienceRoomView | null {
  if (!room.code || !room.joinUrl) return null;
  const { poll } = room;
  const asked = poll && room.session?.questions.find((q) => q.id === poll.questionId);
  return {
    code: room.code,
    joinUrl: room.joinUrl,
    joined: room.joined,
    showJoin: room.showJoin,
    poll: poll && {
      questionId: poll.questionId,
      round: poll.round,
      status: poll.status,
      votes: poll.counts.reduce((a, b) => a + b, 0),
      tallies: asked
        ? roundTallies(asked.rounds, {
            revealed: poll.status === "revealed",
            showRound1: room.shownRound1.includes(asked.id),
            audience: true,
          })
        : [],
    },
  };
}
