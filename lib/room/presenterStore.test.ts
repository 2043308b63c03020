import { describe, expect, it } from "vitest";
import { presenterStoredRead, type PresenterStored } from "./presenterStore";

const kept: PresenterStored = {
  relay: "/relay",
  code: "HAPPY",
  secret: "s3cret",
  session: {
    deck: "the-fencing-token-story",
    room: "HAPPY",
    questions: [
      {
        id: "the-fencing-token-story#3",
        slide: 3,
        question: "Does c2 get the lock?",
        options: ["Yes", "No"],
        answer: 0,
        rounds: { 1: [3, 2] },
      },
    ],
  },
  showJoin: false,
  shownRound1: ["the-fencing-token-story#3"],
};

describe("the room a presenter's tab keeps", () => {
  it("reads back a kept room as it was saved, and nothing when none was kept", () => {
    expect(presenterStoredRead(JSON.stringify(kept))).toEqual({ stored: kept });
    expect(presenterStoredRead(null)).toEqual({ stored: null });
  });

  it.each([
    ["a relay that is a number", '{"relay":5}'],
    ["text that is not JSON", "{relay"],
    ["a number", "42"],
    ["null", "null"],
    ["a room without its session", JSON.stringify({ ...kept, session: undefined })],
    [
      "a tally that is not counts",
      JSON.stringify({
        ...kept,
        session: { ...kept.session, questions: [{ ...kept.session.questions[0], rounds: { 1: ["x"] } }] },
      }),
    ],
    ["a secret that is a list", JSON.stringify({ ...kept, secret: ["s3cret"] })],
  ])("calls %s damaged, to be dropped", (_, raw) => {
    expect(presenterStoredRead(raw)).toEqual({ damaged: true });
  });
});
