import { describe, expect, it } from "vitest";
import { joinLink, relayUrl } from "./address";
import { roundTallies, sessionAsk, sessionCsv, sessionJson, sessionRecord, type Session } from "./session";

const asked = {
  id: "deck#3",
  slide: 3,
  question: 'Will storage accept "1", late?',
  options: ["Yes, it is lost", "No"],
  answer: 0,
};

describe("the session's record", () => {
  it("keeps each question's latest tally per round, and exports them as JSON and CSV", () => {
    let session: Session = { deck: "the-fencing-token-story", room: "HAPPY", questions: [] };
    session = sessionAsk(session, asked);
    session = sessionRecord(session, { questionId: "deck#3", round: 1, status: "open", counts: [1, 0] });
    session = sessionRecord(session, { questionId: "deck#3", round: 1, status: "closed", counts: [3, 2] });
    session = sessionAsk(session, asked);
    session = sessionRecord(session, { questionId: "deck#3", round: 2, status: "revealed", counts: [4, 1] });
    session = sessionRecord(session, { questionId: "other#1", round: 1, status: "open", counts: [9, 9] }); // never asked here
    expect(session.questions).toEqual([{ ...asked, rounds: { 1: [3, 2], 2: [4, 1] } }]);
    expect(JSON.parse(sessionJson(session))).toEqual(session);
    expect(sessionCsv(session).split("\r\n")).toEqual([
      "deck,room,slide,question,round,option,answer,votes,share",
      'the-fencing-token-story,HAPPY,3,"Will storage accept ""1"", late?",1,"Yes, it is lost",yes,3,0.600',
      'the-fencing-token-story,HAPPY,3,"Will storage accept ""1"", late?",1,No,no,2,0.400',
      'the-fencing-token-story,HAPPY,3,"Will storage accept ""1"", late?",2,"Yes, it is lost",yes,4,0.800',
      'the-fencing-token-story,HAPPY,3,"Will storage accept ""1"", late?",2,No,no,1,0.200',
      "",
    ]);
  });
});

describe("the distributions shown", () => {
  const both = { 1: [3, 2], 2: [4, 1] };
  it("shows the presenter every round, and the room round 1 only when the presenter shows it", () => {
    expect(roundTallies(both, { revealed: false, showRound1: false, audience: false })).toEqual([
      { label: "Round 1", counts: [3, 2] },
      { label: "Round 2", counts: [4, 1] },
    ]);
    expect(roundTallies(both, { revealed: false, showRound1: false, audience: true })).toEqual([]);
    expect(roundTallies(both, { revealed: true, showRound1: false, audience: true })).toEqual([
      { label: "Round 2", counts: [4, 1] },
    ]);
    expect(roundTallies(both, { revealed: true, showRound1: true, audience: true })).toHaveLength(2);
    expect(roundTallies({ 1: [3, 2] }, { revealed: true, showRound1: false, audience: true })).toEqual([
      { label: "Votes", counts: [3, 2] },
    ]);
  });
});

describe("the relay's address", () => {
  it("reads a path against the page, turns http into ws, and names what is wrong with a bad setting", () => {
    expect(relayUrl("/relay", "http://192.168.1.5:4000/present/x/presenter/")).toEqual({
      url: "ws://192.168.1.5:4000/relay",
    });
    expect(relayUrl("https://relay.example.org/relay", "https://lab.example.org/")).toEqual({
      url: "wss://relay.example.org/relay",
    });
    expect(relayUrl("ws://10.0.0.2:8787/relay", "https://lab.example.org/")).toEqual({
      problem: expect.stringContaining("only a wss:// relay"),
    });
    expect(relayUrl("ftp://x", "http://a/")).toEqual({ problem: expect.stringContaining("not a WebSocket address") });
    expect(relayUrl("  ", "http://a/")).toEqual({ problem: expect.stringContaining("empty") });
  });

  it("links phones to the room's code, and to the relay only when it is not on the join page's server", () => {
    expect(joinLink("http://192.168.1.5:4000/room/", "HAPPY", "/relay")).toBe(
      "http://192.168.1.5:4000/room/?code=HAPPY",
    );
    expect(joinLink("https://lab.example.org/room/", "HAPPY", "wss://relay.example.org/relay")).toBe(
      "https://lab.example.org/room/?code=HAPPY&relay=wss%3A%2F%2Frelay.example.org%2Frelay",
    );
  });
});
