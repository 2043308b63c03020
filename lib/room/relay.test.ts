import { describe, expect, it } from "vitest";
import { createRelay, type ConnectionId, type Outgoing, type RelayOptions } from "./relay";
import type { RelayMessage, RoomQuestion } from "./protocol";

const question: RoomQuestion = { id: "deck#3", text: "Will c2 get the lock?", options: ["Yes", "No"] };

/** A relay with a few connections, and what each connection has been sent. */
function setup(options: Partial<RelayOptions> = {}) {
  let codes = 0;
  const relay = createRelay({ newCode: () => ["HAPPY", "MARCH", "QUEST"][codes++], newSecret: () => `secret-${codes}-abcdefghijklmnop`, ...options });
  const inbox = new Map<ConnectionId, RelayMessage[]>();
  let now = 0;
  const deliver = (out: Outgoing[]) => {
    for (const { to, message } of out) for (const id of to) inbox.set(id, [...(inbox.get(id) ?? []), message]);
  };
  const send = (id: ConnectionId, message: unknown) => {
    now += 1000; // a second apart: under the rate limit
    deliver(relay.receive(id, typeof message === "string" ? message : JSON.stringify(message), now));
  };
  const connect = (...ids: ConnectionId[]) => ids.forEach((id) => relay.connect(id, now));
  const last = (id: ConnectionId) => inbox.get(id)?.at(-1);
  const lastOf = <T extends RelayMessage["type"]>(id: ConnectionId, type: T) =>
    inbox.get(id)?.findLast((m): m is Extract<RelayMessage, { type: T }> => m.type === type);
  return { relay, send, connect, last, lastOf, inbox, deliver, at: () => now, advance: (ms: number) => (now += ms) };
}

/** A room opened by connection 1, with phones 2, 3 and 4 joined. */
function openRoom(options: Partial<RelayOptions> = {}) {
  const s = setup(options);
  s.connect(1, 2, 3, 4);
  s.send(1, { type: "open" });
  const opened = s.lastOf(1, "opened")!;
  for (const phone of [2, 3, 4]) s.send(phone, { type: "join", code: opened.code, device: `device-${phone}-0123456789abcdef` });
  return { ...s, code: opened.code, secret: opened.secret };
}

describe("a room's rounds", () => {
  it("opens with a code and a secret, counts the phones that join, and tallies their votes live", () => {
    const s = openRoom();
    expect(s.code).toBe("HAPPY");
    expect(s.last(1)).toEqual({ type: "room", joined: 3, poll: null });
    s.send(1, { type: "start", secret: s.secret, question, round: 1 });
    expect(s.last(2)).toMatchObject({ type: "phone", poll: { question, round: 1, status: "open", counts: null, answer: null }, vote: null });
    s.send(2, { type: "vote", round: 1, option: 0 });
    s.send(3, { type: "vote", round: 1, option: 1 });
    expect(s.last(2)).toMatchObject({ type: "phone", vote: 0 });
    expect(s.last(1)).toMatchObject({ type: "room", poll: { round: 1, status: "open", counts: [1, 1] } });
  });

  it("counts one vote per device per round, changeable until the round closes", () => {
    const s = openRoom();
    s.send(1, { type: "start", secret: s.secret, question, round: 1 });
    s.send(2, { type: "vote", round: 1, option: 0 });
    s.send(2, { type: "vote", round: 1, option: 1 });
    expect(s.lastOf(1, "room")?.poll?.counts).toEqual([0, 1]);
    s.send(1, { type: "close", secret: s.secret });
    expect(s.last(3)).toMatchObject({ poll: { status: "closed", counts: null } });
    s.send(2, { type: "vote", round: 1, option: 0 });
    expect(s.lastOf(1, "room")?.poll).toMatchObject({ status: "closed", counts: [0, 1] });
    expect(s.relay.stats().dropped.unexpected).toBe(1);
  });

  it("reveals what the room answered, and the run's answer, to every phone", () => {
    const s = openRoom();
    s.send(1, { type: "start", secret: s.secret, question, round: 1 });
    s.send(2, { type: "vote", round: 1, option: 0 });
    s.send(3, { type: "vote", round: 1, option: 0 });
    s.send(4, { type: "vote", round: 1, option: 1 });
    s.send(1, { type: "reveal", secret: s.secret, answer: 0 });
    expect(s.last(4)).toEqual({ type: "phone", code: s.code, poll: { question, round: 1, status: "revealed", counts: [2, 1], answer: 0 }, vote: 1 });
  });

  it("runs a second round on the same question with fresh votes, and keeps round 1's result from the phones", () => {
    const s = openRoom();
    s.send(1, { type: "start", secret: s.secret, question, round: 1 });
    s.send(2, { type: "vote", round: 1, option: 1 });
    s.send(1, { type: "close", secret: s.secret });
    s.send(1, { type: "start", secret: s.secret, question, round: 2 });
    expect(s.last(2)).toMatchObject({ poll: { round: 2, status: "open", counts: null }, vote: null });
    s.send(2, { type: "vote", round: 1, option: 0 }); // a stale round's vote is not this round's
    s.send(2, { type: "vote", round: 2, option: 0 });
    expect(s.lastOf(1, "room")?.poll).toMatchObject({ round: 2, counts: [1, 0] });
  });
});

describe("who may do what", () => {
  it("ignores a phone that forges the presenter's messages, and counts it", () => {
    const s = openRoom();
    const before = s.inbox.get(2)?.length;
    s.send(2, { type: "start", secret: "guessed-secret-0000000000", question, round: 1 });
    s.send(2, { type: "reveal", secret: "guessed-secret-0000000000", answer: 0 });
    s.send(2, { type: "end", secret: "guessed-secret-0000000000" });
    s.send(2, { type: "resume", code: s.code, secret: "guessed-secret-0000000000" });
    expect(s.inbox.get(2)?.length).toBe(before);
    expect(s.relay.stats()).toMatchObject({ rooms: 1, dropped: { forged: 4 } });
    // Even with the real secret, a phone's connection is not the presenter's until it resumes the room.
    s.send(2, { type: "start", secret: s.secret, question, round: 1 });
    expect(s.relay.stats().dropped.forged).toBe(5);
  });

  it("drops what is not its protocol, too large or too fast, counts each, and keeps working", () => {
    const s = openRoom();
    s.send(2, "not json");
    s.send(2, { type: "vote", round: 1, option: 0, name: "Ada" }); // votes carry no identity
    s.send(2, { type: "hello" });
    s.send(2, JSON.stringify({ type: "join", code: s.code, device: "x".repeat(40), pad: "é".repeat(600) }));
    s.deliver(s.relay.receive(2, new Uint8Array([1, 2, 3]), s.advance(1000)));
    const burst = s.advance(1000);
    for (let i = 0; i < 8; i++) s.relay.receive(3, JSON.stringify({ type: "join", code: s.code, device: "device-3-0123456789abcdef" }), burst);
    expect(s.relay.stats().dropped).toMatchObject({ invalid: 3, oversize: 1, "not-text": 1, rate: 3 });
    s.send(1, { type: "start", secret: s.secret, question, round: 1 });
    s.send(2, { type: "vote", round: 1, option: 1 });
    expect(s.lastOf(1, "room")?.poll?.counts).toEqual([0, 1]);
  });

  it("admits at most the configured number of connections to a room", () => {
    const s = openRoom({ maxConnectionsPerRoom: 3 });
    expect(s.last(4)).toMatchObject({ type: "error", reason: "room-full" });
    expect(s.lastOf(1, "room")?.joined).toBe(2);
    expect(s.relay.stats().dropped.full).toBe(1);
  });
});

describe("dropping and coming back", () => {
  it("gives a phone that rejoins under its device id its vote back", () => {
    const s = openRoom();
    s.send(1, { type: "start", secret: s.secret, question, round: 1 });
    s.send(2, { type: "vote", round: 1, option: 1 });
    s.deliver(s.relay.disconnect(2, s.at()));
    expect(s.lastOf(1, "room")).toMatchObject({ joined: 2, poll: { counts: [0, 1] } });
    s.connect(9);
    s.send(9, { type: "join", code: s.code, device: "device-2-0123456789abcdef" });
    expect(s.last(9)).toMatchObject({ type: "phone", poll: { status: "open" }, vote: 1 });
  });

  it("keeps the room for a presenter's page that reloads, and ends it if the presenter never returns", () => {
    const s = openRoom({ presenterGraceMs: 60_000 });
    s.send(1, { type: "start", secret: s.secret, question, round: 1 });
    s.send(2, { type: "vote", round: 1, option: 0 });
    s.relay.disconnect(1, s.at());
    s.connect(5);
    s.send(5, { type: "resume", code: s.code, secret: s.secret });
    expect(s.lastOf(5, "opened")).toEqual({ type: "opened", code: s.code, secret: s.secret });
    expect(s.last(5)).toMatchObject({ type: "room", joined: 3, poll: { counts: [1, 0] } });

    s.relay.disconnect(5, s.at());
    expect(s.relay.sweep(s.at() + 30_000)).toEqual([]);
    expect(s.relay.sweep(s.at() + 61_000)).toEqual([{ to: [2, 3, 4], message: { type: "ended" } }]);
    expect(s.relay.stats().rooms).toBe(0);
  });

  it("forgets a room the presenter ends: its code no longer joins", () => {
    const s = openRoom();
    s.send(1, { type: "end", secret: s.secret });
    expect(s.last(2)).toEqual({ type: "ended" });
    s.connect(6);
    s.send(6, { type: "join", code: s.code, device: "device-6-0123456789abcdef" });
    expect(s.last(6)).toMatchObject({ type: "error", reason: "no-such-room" });
    expect(s.relay.stats()).toMatchObject({ rooms: 0, connections: 5 });
  });
});
