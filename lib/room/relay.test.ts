import { describe, expect, it } from "vitest";
import { addressKey, createRelay, type ConnectionId, type Outgoing, type RelayOptions } from "./relay";
import type { RelayMessage, RoomQuestion } from "./protocol";

const question: RoomQuestion = { id: "deck#3", text: "Will c2 get the lock?", options: ["Yes", "No"] };

/** A relay with a few connections, and what each connection has been sent. */
function setup(options: Partial<RelayOptions> = {}) {
  let codes = 0;
  const relay = createRelay({
    newCode: () => ["HAPPY", "MARCH", "QUEST"][codes++]!,
    newSecret: () => `secret-${codes}-abcdefghijklmnop`,
    ...options,
  });
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
  for (const phone of [2, 3, 4])
    s.send(phone, { type: "join", code: opened.code, device: `device-${phone}-0123456789abcdef` });
  return { ...s, code: opened.code, secret: opened.secret };
}

describe("a room's rounds", () => {
  it("opens with a code and a secret, counts the phones that join, and tallies their votes live", () => {
    const s = openRoom();
    expect(s.code).toBe("HAPPY");
    expect(s.last(1)).toEqual({ type: "room", joined: 3, poll: null });
    s.send(1, { type: "start", secret: s.secret, question, round: 1 });
    expect(s.last(2)).toMatchObject({
      type: "phone",
      poll: { question, round: 1, status: "open", counts: null, answer: null },
      vote: null,
    });
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
    expect(s.last(4)).toEqual({
      type: "phone",
      code: s.code,
      poll: { question, round: 1, status: "revealed", counts: [2, 1], answer: 0 },
      vote: 1,
    });
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
    for (let i = 0; i < 8; i++)
      s.relay.receive(3, JSON.stringify({ type: "join", code: s.code, device: "device-3-0123456789abcdef" }), burst);
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
    // Its vote still counts, so it is still counted as joined: the tally never holds more votes than phones.
    expect(s.lastOf(1, "room")).toMatchObject({ joined: 3, poll: { counts: [0, 1] } });
    s.deliver(s.relay.disconnect(3, s.at()));
    expect(s.lastOf(1, "room")).toMatchObject({ joined: 2, poll: { counts: [0, 1] } });
    s.connect(9);
    s.send(9, { type: "join", code: s.code, device: "device-2-0123456789abcdef" });
    expect(s.last(9)).toMatchObject({ type: "phone", poll: { status: "open" }, vote: 1 });
    expect(s.lastOf(1, "room")).toMatchObject({ joined: 2, poll: { counts: [0, 1] } });
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

describe("hostile input", () => {
  const device = (n: number) => `stuffed-device-${String(n).padStart(8, "0")}`;

  it("keeps a connection to the device of its first join: re-joining under new ids casts one vote", () => {
    const s = openRoom();
    s.send(1, { type: "start", secret: s.secret, question, round: 1 });
    s.connect(7);
    for (let i = 0; i < 50; i++) {
      s.send(7, { type: "join", code: s.code, device: device(i) });
      s.send(7, { type: "vote", round: 1, option: 1 });
    }
    const room = s.lastOf(1, "room")!;
    expect(room).toMatchObject({ joined: 4, poll: { counts: [0, 1] } });
    expect(s.relay.stats().dropped.device).toBe(49);
  });

  it("never shows more votes than joined phones, whatever phones join, vote and leave", () => {
    const s = openRoom({ perAddress: { joinsPerMinute: 10_000 } });
    s.send(1, { type: "start", secret: s.secret, question, round: 1 });
    let seed = 7;
    const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    for (let step = 0; step < 2000; step++) {
      const id = 10 + random(30);
      const action = random(4);
      if (action === 0) s.deliver(s.relay.disconnect(id, s.at()));
      else if (action === 1) {
        s.connect(id);
        s.send(id, { type: "join", code: s.code, device: device(random(20)) });
      } else s.send(id, { type: "vote", round: 1, option: random(2) });
      const room = s.lastOf(1, "room")!;
      expect(room.poll!.counts[0]! + room.poll!.counts[1]!).toBeLessThanOrEqual(room.joined);
    }
  });

  it("reveals to a full room without recounting: 10,000 votes and a reveal in well under a second", () => {
    const s = openRoom({ maxConnectionsPerRoom: 30_000, perAddress: { joinsPerMinute: 1e9, phonesPerRoom: 30_000 } });
    s.send(1, { type: "start", secret: s.secret, question, round: 1 });
    for (let i = 0; i < 10_000; i++) {
      const id = 100 + i;
      s.relay.connect(id, s.at());
      s.relay.receive(id, JSON.stringify({ type: "join", code: s.code, device: device(i) }), s.at());
      s.relay.receive(id, JSON.stringify({ type: "vote", round: 1, option: i % 2 }), s.at());
    }
    const began = performance.now();
    const out = s.relay.receive(1, JSON.stringify({ type: "reveal", secret: s.secret, answer: 0 }), s.advance(1000));
    expect(performance.now() - began).toBeLessThan(250);
    expect(out.at(-1)?.message).toMatchObject({ type: "room", joined: 10_003, poll: { counts: [5_000, 5_000] } });
  });

  it("admits at most its share of phones from one address to a room, and honest phones from others after them", () => {
    const s = openRoom({ maxConnectionsPerRoom: 1000, perAddress: { phonesPerRoom: 5 } });
    for (let i = 0; i < 10; i++) {
      s.relay.connect(100 + i, s.at(), "203.0.113.9");
      s.send(100 + i, { type: "join", code: s.code, device: device(i) });
    }
    expect(s.lastOf(1, "room")?.joined).toBe(3 + 5);
    expect(s.last(109)).toMatchObject({ type: "error", reason: "room-full" });
    s.relay.connect(200, s.at(), "198.51.100.4");
    s.send(200, { type: "join", code: s.code, device: device(200) });
    expect(s.last(200)).toMatchObject({ type: "phone", code: s.code });
  });

  it("limits joins a minute from one address, and lets them again as the minute passes", () => {
    const s = openRoom({ perAddress: { joinsPerMinute: 4 } });
    for (let i = 0; i < 6; i++) {
      s.relay.connect(100 + i, s.at(), "203.0.113.9");
      s.send(100 + i, { type: "join", code: s.code, device: device(i) });
    }
    expect(s.last(104)).toMatchObject({ type: "error", reason: "slow-down" });
    s.advance(60_000);
    s.send(105, { type: "join", code: s.code, device: device(5) });
    expect(s.last(105)).toMatchObject({ type: "phone" });
  });

  it("limits code guesses a minute from one address, without saying whether a code exists once they are spent", () => {
    const s = openRoom({ perAddress: { guessesPerMinute: 3 } });
    s.relay.connect(100, s.at(), "203.0.113.9");
    for (const code of ["AAAAA", "BBBBB", "CCCCC"]) {
      s.send(100, { type: "join", code, device: device(0) });
      expect(s.last(100)).toMatchObject({ type: "error", reason: "no-such-room" });
    }
    s.send(100, { type: "join", code: s.code, device: device(0) });
    expect(s.last(100)).toMatchObject({ type: "error", reason: "slow-down" });
    s.relay.connect(200, s.at(), "198.51.100.4");
    s.send(200, { type: "join", code: s.code, device: device(1) });
    expect(s.last(200)).toMatchObject({ type: "phone", code: s.code });
  });

  it("lets a class into its own room while a classmate behind the same NAT spends every guess on bad codes", () => {
    const nat = "203.0.113.9";
    const s = setup({ perAddress: { guessesPerMinute: 3 } });
    s.relay.connect(1, s.at(), nat);
    s.send(1, { type: "open" });
    const { code, secret } = s.lastOf(1, "opened")!;
    s.relay.connect(100, s.at(), nat);
    s.send(100, { type: "join", code, device: device(0) });
    // The prankster sends a bad code every 2 s: the address's guesses never refill to one.
    s.relay.connect(150, s.at(), nat);
    for (const bad of ["AAAAA", "BBBBB", "CCCCC", "DDDDD"])
      s.send(150, { type: "join", code: bad, device: device(150) });
    expect(s.last(150)).toMatchObject({ type: "error", reason: "slow-down" });
    for (let i = 1; i <= 20; i++) {
      s.relay.connect(100 + i, s.at(), nat);
      s.send(100 + i, { type: "join", code, device: device(i) });
      expect(s.last(100 + i)).toMatchObject({ type: "phone", code });
      s.send(150, { type: "join", code: "EEEEE", device: device(150) });
    }
    expect(s.lastOf(1, "room")?.joined).toBe(21);
    // The presenter's page, reloaded behind the same NAT, gets its room back.
    s.relay.disconnect(1, s.at());
    s.relay.connect(2, s.at(), nat);
    s.send(2, { type: "resume", code, secret });
    expect(s.last(2)).toMatchObject({ type: "room", joined: 21 });
    // A miss still waits, and so does a room this address has no part in.
    s.send(150, { type: "join", code: "FFFFF", device: device(150) });
    expect(s.last(150)).toMatchObject({ type: "error", reason: "slow-down" });
    s.relay.connect(3, s.at(), "198.51.100.4");
    s.send(3, { type: "open" });
    s.send(150, { type: "join", code: s.lastOf(3, "opened")!.code, device: device(150) });
    expect(s.last(150)).toMatchObject({ type: "error", reason: "slow-down" });
  });

  it("lets a class of 300 that re-joined a code gone with a restarted relay into a new room within a minute", () => {
    const nat = "203.0.113.9";
    const s = setup();
    const burst = s.at();
    const replies = Array.from({ length: 300 }, (_, i) => {
      s.relay.connect(100 + i, burst, nat);
      return s.relay.receive(100 + i, JSON.stringify({ type: "join", code: "WXYZ2", device: device(i) }), burst)[0]!
        .message;
    });
    expect(replies.filter((m) => m.type === "error" && m.reason === "no-such-room")).toHaveLength(30);
    expect(replies.filter((m) => m.type === "error" && m.reason === "slow-down")).toHaveLength(270);
    s.relay.connect(1, burst, nat);
    const code = (s.relay.receive(1, JSON.stringify({ type: "open" }), burst)[0]!.message as { code: string }).code;
    // The first phone waits for one guess to come back (2 s at 30 a minute); the rest join as part of the room.
    const joinNew = (i: number, at: number) =>
      s.relay.receive(100 + i, JSON.stringify({ type: "join", code, device: device(i) }), at)[0]!.message;
    expect(joinNew(0, burst + 1_000)).toMatchObject({ type: "error", reason: "slow-down" });
    const later = burst + 60_000;
    for (let i = 0; i < 300; i++) expect(joinNew(i, later)).toMatchObject({ type: "phone", code });
  });

  it("ends the room a connection leaves for another, and holds few rooms per address", () => {
    let n = 0;
    const s = setup({ newCode: () => `R${String(n++).padStart(4, "0")}`.replace(/0/g, "A"), perAddress: { rooms: 2 } });
    s.relay.connect(1, s.at(), "203.0.113.9");
    for (let i = 0; i < 88; i++) s.send(1, { type: "open" });
    expect(s.relay.stats().rooms).toBe(1);
    s.relay.connect(2, s.at(), "203.0.113.9");
    s.relay.connect(3, s.at(), "203.0.113.9");
    s.send(2, { type: "open" });
    s.send(3, { type: "open" });
    expect(s.last(3)).toMatchObject({ type: "error", reason: "too-many-rooms" });
    s.relay.connect(4, s.at(), "198.51.100.4");
    s.send(4, { type: "open" });
    expect(s.inbox.get(4)?.[0]).toMatchObject({ type: "opened" });
  });

  it("frees an abandoned room's place within minutes, not half an hour", () => {
    const s = setup({ maxRooms: 1 });
    s.connect(1, 2);
    s.send(1, { type: "open" });
    s.relay.disconnect(1, s.at());
    s.deliver(s.relay.sweep(s.advance(6 * 60_000)));
    s.send(2, { type: "open" });
    expect(s.inbox.get(2)?.[0]).toMatchObject({ type: "opened" });
  });
});

describe("addressKey", () => {
  it("keeps IPv4 as is and an IPv6 address by its /64", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("2001:db8:0:12:aaaa::1")).toBe("2001:db8:0:12::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });
});
