/**
 * The presenter's record of a room's session: each question asked, its options, the run's answer
 * and every round's distribution. It lives in the presenter's page only (the relay keeps nothing),
 * and exports as JSON and CSV after class.
 */
import type { PresenterPoll } from "./protocol";

export interface SessionQuestion {
  /** The question's id on the relay: the deck and the slide. */
  id: string;
  slide: number;
  question: string;
  options: string[];
  /** The right option, as the run shows it. */
  answer: number;
  /** Votes per option in round 1 and, if it was asked again, round 2. */
  rounds: { 1?: number[]; 2?: number[] };
}

export interface Session {
  deck: string;
  room: string;
  questions: SessionQuestion[];
}

/** Adds a question the presenter puts to the room, once. */
export function sessionAsk(session: Session, asked: Omit<SessionQuestion, "rounds">): Session {
  return session.questions.some((q) => q.id === asked.id)
    ? session
    : { ...session, questions: [...session.questions, { ...asked, rounds: {} }] };
}

/** Records the relay's latest tally of a round under its question (one the session asked). */
export function sessionRecord(session: Session, poll: PresenterPoll): Session {
  return {
    ...session,
    questions: session.questions.map((q) =>
      q.id === poll.questionId ? { ...q, rounds: { ...q.rounds, [poll.round]: poll.counts } } : q,
    ),
  };
}

/**
 * The distributions to draw beside a question's options. The presenter sees every round; the
 * room sees round 1 only when the presenter shows it (peer instruction: the second vote is not
 * swayed by the first), and the last round once revealed. Live counts are the presenter's alone.
 */
export function roundTallies(
  rounds: SessionQuestion["rounds"],
  { revealed, showRound1, audience }: { revealed: boolean; showRound1: boolean; audience: boolean },
): Tally[] {
  const last = rounds[2] ? 2 : 1;
  const shown = ([1, 2] as const).filter(
    (round) => rounds[round] && (!audience || (round === 1 && showRound1) || (round === last && revealed)),
  );
  const label = (round: 1 | 2) => (rounds[2] ? `Round ${round}` : "Votes");
  return shown.map((round) => ({ label: label(round), counts: rounds[round]! }));
}

export interface Tally {
  label: string;
  counts: number[];
}

export function sessionJson(session: Session): string {
  return `${JSON.stringify(session, null, 2)}\n`;
}

/** A CSV cell: quoted when it holds a comma, a quote or a line break (RFC 4180). */
const cell = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** One row per option per round: slide, question, round, option, whether it is the answer, votes, share of the round. */
export function sessionCsv(session: Session): string {
  const rows: (string | number)[][] = [
    ["deck", "room", "slide", "question", "round", "option", "answer", "votes", "share"],
  ];
  for (const q of session.questions) {
    for (const round of [1, 2] as const) {
      const counts = q.rounds[round];
      if (!counts) continue;
      const total = counts.reduce((a, b) => a + b, 0);
      q.options.forEach((option, i) =>
        rows.push([
          session.deck,
          session.room,
          q.slide,
          q.question,
          round,
          option,
          i === q.answer ? "yes" : "no",
          counts[i] ?? 0,
          total === 0 ? "" : ((counts[i] ?? 0) / total).toFixed(3),
        ]),
      );
    }
  }
  return `${rows.map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}
