/**
 * The attacks of issue 53 against a running vote relay, each bounded and on loopback only, each
 * followed by an honest class: a presenter opens a room, phones join from another address and
 * vote, and the presenter's tally must be exactly theirs (plus one vote where the attacker was
 * a phone). `npm run room:load -- --hostile` runs them at full size against the relay's bundle;
 * scripts/roomHostile.test.ts runs them small, in `npm test`.
 *
 * Loopback is 127.0.0.0/8 on Linux, so each attacker gets an address of its own (127.0.1.n) and
 * the honest phones another (127.0.2.1): the relay's limits per address see them apart, as they
 * would see a prankster's laptop and a class.
 */
import { connect, type Socket } from "node:net";
import { WebSocket } from "ws";
import type { RelayMessage } from "../lib/room/protocol";

export interface HostileSizes {
  honestPhones: number;
  /** Join-and-vote rounds from one connection. */
  stuffing: number;
  /** Junk phones joined to the honest room. */
  filling: number;
  /** Rooms opened by one connection, then one each by this many more. */
  roomsOneConnection: number;
  roomConnections: number;
  /** Sockets that connect and send nothing. */
  silent: number;
  /** Connections guessing codes, and guesses each. */
  guessers: number;
  guessesEach: number;
  /** Bad codes a classmate sends from the class's own address: more than its guesses a minute. */
  natGuesses: number;
  /** Half-open requests and the header bytes each sends. */
  headerRequests: number;
  headerBytes: number;
  /** How long to wait for the relay to close what it should. */
  closeWithinMs: number;
}

export const SHORT: HostileSizes = {
  honestPhones: 5,
  stuffing: 6,
  filling: 39,
  roomsOneConnection: 3,
  roomConnections: 100,
  silent: 150,
  guessers: 10,
  guessesEach: 5,
  natGuesses: 40,
  headerRequests: 120,
  headerBytes: 128 * 1024,
  closeWithinMs: 6_000,
};

export const FULL: HostileSizes = {
  honestPhones: 20,
  stuffing: 50,
  filling: 999,
  roomsOneConnection: 30,
  roomConnections: 100,
  silent: 1_100,
  guessers: 100,
  guessesEach: 20,
  natGuesses: 60,
  headerRequests: 1_000,
  // Just under the 1 MB the relay used to accept.
  headerBytes: 1000 * 1024,
  closeWithinMs: 20_000,
};

export interface AttackResult {
  attack: string;
  /** What the attack achieved, in words. */
  attacker: string;
  /** What the attack achieved, as a number: votes counted, junk phones joined, room opens granted, sockets left open, guesses answered, foreign pages accepted. */
  achieved: number;
  honestJoined: number;
  honestVoted: number;
  honestPhones: number;
  tally: number[] | null;
  expected: number[];
  /** Whether every honest phone joined and voted, and the tally is exactly theirs. */
  held: boolean;
  peakRssMb: number;
}

const question = { id: "hostile", text: "Will storage accept the stale write?", options: ["Yes", "No", "It depends"] };
const ATTACKER = (n: number) => `127.0.1.${n}`;
const HONEST = "127.0.2.1";
const pace = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A WebSocket from a loopback address; resolves open, or null if the relay refused or closed it. */
function socketFrom(url: string, localAddress: string, origin?: string): Promise<WebSocket | null> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { localAddress, ...(origin ? { origin } : {}) });
    socket.on("error", () => resolve(null));
    socket.once("unexpected-response", () => resolve(null));
    socket.once("close", () => resolve(null));
    socket.once("open", () => resolve(socket));
  });
}

/** The next message of a type (or an error), or null if the socket closes or `ms` pass first. */
function next(socket: WebSocket, accept: (m: RelayMessage) => boolean, ms = 5_000): Promise<RelayMessage | null> {
  return new Promise((resolve) => {
    const done = (value: RelayMessage | null) => {
      clearTimeout(timer);
      socket.off("message", on);
      socket.off("close", closed);
      resolve(value);
    };
    const on = (data: Buffer) => {
      const message = JSON.parse(data.toString()) as RelayMessage;
      if (accept(message)) done(message);
    };
    const closed = () => done(null);
    const timer = setTimeout(() => done(null), ms);
    socket.on("message", on);
    socket.once("close", closed);
  });
}
const send = (socket: WebSocket, message: unknown) =>
  socket.readyState === socket.OPEN && socket.send(JSON.stringify(message));
const device = (who: string, n: number) => `${who}-device-${String(n).padStart(8, "0")}`;

interface Presenter {
  socket: WebSocket;
  code: string;
  secret: string;
}

async function openRoom(url: string): Promise<Presenter | null> {
  const socket = await socketFrom(url, "127.0.0.1");
  if (!socket) return null;
  send(socket, { type: "open" });
  const opened = await next(socket, (m) => m.type === "opened" || m.type === "error");
  if (opened?.type !== "opened") {
    socket.close();
    return null;
  }
  return { socket, code: opened.code, secret: opened.secret };
}

/** Honest phones join the presenter's room; resolves the sockets that did. */
async function honestJoin(url: string, presenter: Presenter, count: number): Promise<WebSocket[]> {
  const joined = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const phone = await socketFrom(url, HONEST);
      if (!phone) return null;
      send(phone, { type: "join", code: presenter.code, device: device("honest", i) });
      const reply = await next(phone, (m) => m.type === "phone" || m.type === "error");
      if (reply?.type === "phone") return phone;
      phone.close();
      return null;
    }),
  );
  return joined.filter((p): p is WebSocket => p !== null);
}

/** Honest phones vote 0, 1, 0, 1…; resolves how many saw their vote counted, and the presenter's tally once it holds them all. */
async function honestVote(
  presenter: Presenter,
  phones: WebSocket[],
  extra: number,
): Promise<{ voted: number; tally: number[] | null }> {
  const want = phones.length + extra;
  const tally = next(
    presenter.socket,
    (m) => m.type === "room" && m.poll !== null && m.poll.counts.reduce((a, b) => a + b, 0) >= want,
  );
  const votes = await Promise.all(
    phones.map(async (phone, i) => {
      send(phone, { type: "vote", round: 1, option: i % 2 });
      const reply = await next(phone, (m) => m.type === "phone" && m.vote === i % 2);
      return reply !== null;
    }),
  );
  const room = await tally;
  return { voted: votes.filter(Boolean).length, tally: room?.type === "room" ? room.poll!.counts : null };
}

const honestExpected = (phones: number, extra: number[]) => [
  Math.ceil(phones / 2) + (extra[0] ?? 0),
  Math.floor(phones / 2) + (extra[1] ?? 0),
  extra[2] ?? 0,
];

/** Opens a room, lets an honest class join and vote, checks the tally, and ends the room. */
async function honestClass(
  url: string,
  sizes: HostileSizes,
  during?: (presenter: Presenter) => Promise<{ extra: number[]; attacker: string; achieved: number }>,
): Promise<Omit<AttackResult, "attack" | "peakRssMb">> {
  const presenter = await openRoom(url);
  const expected = honestExpected(sizes.honestPhones, []);
  if (!presenter)
    return {
      attacker: "",
      achieved: 0,
      honestJoined: 0,
      honestVoted: 0,
      honestPhones: sizes.honestPhones,
      tally: null,
      expected,
      held: false,
    };
  send(presenter.socket, { type: "start", secret: presenter.secret, question, round: 1 });
  await next(presenter.socket, (m) => m.type === "room" && m.poll !== null);
  const { extra, attacker, achieved } = during ? await during(presenter) : { extra: [], attacker: "", achieved: 0 };
  const phones = await honestJoin(url, presenter, sizes.honestPhones);
  const { voted, tally } = await honestVote(
    presenter,
    phones,
    extra.reduce((a, b) => a + b, 0),
  );
  const want = honestExpected(sizes.honestPhones, extra);
  send(presenter.socket, { type: "end", secret: presenter.secret });
  for (const socket of [presenter.socket, ...phones]) socket.close();
  const held =
    phones.length === sizes.honestPhones &&
    voted === sizes.honestPhones &&
    JSON.stringify(tally) === JSON.stringify(want);
  return {
    attacker,
    achieved,
    honestJoined: phones.length,
    honestVoted: voted,
    honestPhones: sizes.honestPhones,
    tally,
    expected: want,
    held,
  };
}

/** Waits until every socket has been closed by the relay, or `ms` pass; resolves how many were. */
function allClosed(sockets: Socket[], ms: number): Promise<number> {
  return new Promise((resolve) => {
    let closed = sockets.filter((s) => s.destroyed || s.closed).length;
    const timer = setTimeout(() => resolve(closed), ms);
    if (closed === sockets.length) {
      clearTimeout(timer);
      return resolve(closed);
    }
    for (const socket of sockets)
      if (!socket.closed)
        socket.once("close", () => {
          if (++closed === sockets.length) {
            clearTimeout(timer);
            resolve(closed);
          }
        });
  });
}

const rawSocket = (port: number, localAddress: string): Promise<Socket> =>
  new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1", localAddress });
    socket.on("error", () => {});
    socket.resume(); // reads (and drops) what the relay answers, so its closing is seen
    socket.once("connect", () => resolve(socket));
    socket.once("close", () => resolve(socket));
  });

export type AttackName = "stuffing" | "filling" | "rooms" | "silent" | "guessing" | "origin" | "headers" | "classmate";
// The classmate spends the honest address's guesses, so it comes last.
export const ATTACKS: AttackName[] = [
  "stuffing",
  "filling",
  "rooms",
  "silent",
  "guessing",
  "origin",
  "headers",
  "classmate",
];

/** A code of the relay's alphabet, different for each (g, i). */
const guessCode = (g: number, i: number) =>
  Array.from({ length: 5 }, (_, k) => "ABCDEFGHJKMNPQRSTUVWXYZ23456789"[(g * 7 + i * 13 + k * 3) % 31]).join("");

/**
 * Runs one attack against the relay at `url` (ws://127.0.0.1:port/relay) and an honest class
 * after or during it. `rssMb` reads the relay's resident memory; it is sampled throughout.
 */
export async function runAttack(
  name: AttackName,
  url: string,
  sizes: HostileSizes,
  rssMb: () => number,
): Promise<AttackResult> {
  let peakRssMb = rssMb();
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, rssMb())), 50);
  const port = Number(new URL(url).port);
  const from = ATTACKER(ATTACKS.indexOf(name) + 1);
  let result: Omit<AttackResult, "attack" | "peakRssMb">;
  try {
    result = await attacks[name](url, port, from, sizes);
  } finally {
    clearInterval(sampler);
  }
  return { attack: name, ...result, peakRssMb: Math.max(peakRssMb, rssMb()) };
}

type Attack = (
  url: string,
  port: number,
  from: string,
  sizes: HostileSizes,
) => Promise<Omit<AttackResult, "attack" | "peakRssMb">>;

const attacks: Record<AttackName, Attack> = {
  // One connection re-joins under a new device id before each vote.
  stuffing: (url, _port, from, sizes) =>
    honestClass(url, sizes, async (presenter) => {
      const attacker = await socketFrom(url, from);
      let achieved = 0;
      const watch = (data: Buffer) => {
        const m = JSON.parse(data.toString()) as RelayMessage;
        if (m.type === "room" && m.poll) achieved = m.poll.counts[2] ?? 0;
      };
      presenter.socket.on("message", watch);
      for (let i = 0; attacker && i < sizes.stuffing; i++) {
        send(attacker, { type: "join", code: presenter.code, device: device("stuffer", i) });
        send(attacker, { type: "vote", round: 1, option: 2 });
        await next(attacker, (m) => m.type === "phone" && m.vote === 2, 1_000);
        await pace(450); // two messages each 0.45 s: under the relay's 5 a second per connection
      }
      // Only the attacker votes for option 3: its count is what the attacker added.
      await next(presenter.socket, (m) => m.type === "room" && m.poll !== null && m.poll.counts[2] === achieved, 1_000);
      presenter.socket.off("message", watch);
      attacker?.close();
      return {
        extra: [0, 0, 1],
        achieved,
        attacker: `${sizes.stuffing} join-and-vote rounds on one connection counted ${achieved} votes`,
      };
    }),

  // Junk phones from one address fill the honest room.
  filling: (url, _port, from, sizes) =>
    honestClass(url, sizes, async (presenter) => {
      const junk = await Promise.all(
        Array.from({ length: sizes.filling }, async (_, i) => {
          const phone = await socketFrom(url, from);
          if (!phone) return { phone, joined: false };
          send(phone, { type: "join", code: presenter.code, device: device("junk", i) });
          const reply = await next(phone, (m) => m.type === "phone" || m.type === "error");
          return { phone, joined: reply?.type === "phone" };
        }),
      );
      const joined = junk.filter((j) => j.joined).length;
      const closing = junk.map((j) => j.phone).filter((p): p is WebSocket => p !== null);
      // The junk stays connected while the class joins, then goes.
      setTimeout(() => closing.forEach((p) => p.close()), sizes.closeWithinMs).unref();
      return { extra: [], achieved: joined, attacker: `${joined} of ${sizes.filling} junk phones joined` };
    }),

  // One connection opens room after room, then more connections open one each; then they all leave.
  rooms: async (url, _port, from, sizes) => {
    const sockets: WebSocket[] = [];
    let opened = 0;
    const first = await socketFrom(url, from);
    if (first) sockets.push(first);
    for (let i = 0; first && i < sizes.roomsOneConnection; i++) {
      send(first, { type: "open" });
      if ((await next(first, (m) => m.type === "opened" || m.type === "error", 1_000))?.type === "opened") opened++;
      await pace(250);
    }
    await Promise.all(
      Array.from({ length: sizes.roomConnections }, async () => {
        const socket = await socketFrom(url, from);
        if (!socket) return;
        sockets.push(socket);
        send(socket, { type: "open" });
        if ((await next(socket, (m) => m.type === "opened" || m.type === "error", 1_000))?.type === "opened") opened++;
      }),
    );
    await Promise.all(sockets.map((s) => new Promise((resolve) => (s.once("close", resolve), s.close()))));
    const result = await honestClass(url, sizes);
    return {
      ...result,
      achieved: opened,
      attacker: `${opened} room opens granted to ${sockets.length} connections, which then left`,
    };
  },

  // Sockets that connect and never send a byte.
  silent: async (url, port, from, sizes) => {
    const silent = await Promise.all(Array.from({ length: sizes.silent }, () => rawSocket(port, from)));
    const refused = silent.filter((s) => s.closed || s.destroyed).length;
    const result = await honestClass(url, sizes);
    const began = performance.now();
    const closed = await allClosed(silent, sizes.closeWithinMs);
    for (const s of silent) s.destroy();
    const within = ((performance.now() - began) / 1000).toFixed(1);
    return {
      ...result,
      held: result.held && closed === sizes.silent,
      achieved: sizes.silent - closed,
      attacker: `${sizes.silent} silent sockets: ${refused} refused at once, ${closed} closed by the relay within ${within} s more`,
    };
  },

  // Connections answer code guesses as fast as the relay lets each.
  guessing: (url, _port, from, sizes) =>
    honestClass(url, sizes, async () => {
      const began = performance.now();
      const answers = await Promise.all(
        Array.from({ length: sizes.guessers }, async (_, g) => {
          const guesser = await socketFrom(url, from);
          let answered = 0;
          for (let i = 0; guesser && i < sizes.guessesEach; i++) {
            send(guesser, { type: "join", code: guessCode(g, i), device: device(`guesser${g}`, 0) });
            const reply = await next(guesser, (m) => m.type === "error" || m.type === "phone", 1_000);
            if (reply?.type === "error" && reply.reason === "no-such-room") answered++;
            await pace(250);
          }
          guesser?.close();
          return answered;
        }),
      );
      const answered = answers.reduce((a, b) => a + b, 0);
      const seconds = (performance.now() - began) / 1000;
      return {
        extra: [],
        achieved: answered,
        attacker: `${answered} of ${sizes.guessers * sizes.guessesEach} code guesses answered in ${seconds.toFixed(1)} s`,
      };
    }),

  // A classmate behind the class's NAT joins the room, then sends bad codes until the address's guesses are spent.
  classmate: (url, _port, _from, sizes) =>
    honestClass(url, sizes, async (presenter) => {
      const inRoom = await socketFrom(url, HONEST);
      if (inRoom) {
        send(inRoom, { type: "join", code: presenter.code, device: device("classmate", 0) });
        await next(inRoom, (m) => m.type === "phone" || m.type === "error");
      }
      let answered = 0;
      let slowed = 0;
      await Promise.all(
        Array.from({ length: Math.ceil(sizes.natGuesses / 5) }, async (_, g) => {
          const guesser = await socketFrom(url, HONEST);
          for (let i = 0; guesser && i < 5; i++) {
            send(guesser, { type: "join", code: guessCode(g + 50, i), device: device(`classmate${g}`, 1) });
            const reply = await next(guesser, (m) => m.type === "error" || m.type === "phone", 1_000);
            if (reply?.type === "error" && reply.reason === "no-such-room") answered++;
            if (reply?.type === "error" && reply.reason === "slow-down") slowed++;
            await pace(250);
          }
          guesser?.close();
        }),
      );
      // The classmate stays in the room while the class joins, then goes.
      setTimeout(() => inRoom?.close(), sizes.closeWithinMs).unref();
      return {
        extra: [],
        achieved: slowed,
        attacker: `a classmate on the class's address: ${answered} bad codes answered, then ${slowed} told to slow down`,
      };
    }),

  // A page on another site opens the relay's WebSocket.
  origin: async (url, _port, from, sizes) => {
    const foreign = await socketFrom(url, from, "https://prankster.example");
    foreign?.close();
    const own = await socketFrom(url, HONEST, new URL(url).origin.replace(/^ws/, "http"));
    own?.close();
    const result = await honestClass(url, sizes);
    return {
      ...result,
      held: result.held && foreign === null && own !== null,
      achieved: foreign ? 1 : 0,
      attacker: `a page at https://prankster.example was ${foreign ? "ACCEPTED" : "refused"}; the relay's own site was ${own ? "accepted" : "REFUSED"}`,
    };
  },

  // Requests that send large headers and never finish them.
  headers: async (url, port, from, sizes) => {
    const line = `X-Pad: ${"a".repeat(8 * 1024)}\r\n`;
    const requests = await Promise.all(
      Array.from({ length: sizes.headerRequests }, async () => {
        const socket = await rawSocket(port, from);
        if (socket.closed) return socket;
        socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
        for (let sent = 0; sent < sizes.headerBytes && !socket.closed; sent += line.length) socket.write(line);
        return socket;
      }),
    );
    const result = await honestClass(url, sizes);
    const began = performance.now();
    const closed = await allClosed(requests, sizes.closeWithinMs);
    for (const s of requests) s.destroy();
    return {
      ...result,
      held: result.held && closed === sizes.headerRequests,
      achieved: sizes.headerRequests - closed,
      attacker: `${sizes.headerRequests} half-open requests of ${sizes.headerBytes / 1024} KB headers: ${closed} closed by the relay within ${((performance.now() - began) / 1000).toFixed(1)} s`,
    };
  },
};

/** One line for an attack's result. */
export function describeAttack(r: AttackResult): string {
  const tally = r.tally ? `[${r.tally.join(", ")}]` : "none";
  return [
    `${r.held ? "held " : "FAILED"} ${r.attack}: ${r.attacker}`,
    `       honest phones joined ${r.honestJoined}/${r.honestPhones}, voted ${r.honestVoted}/${r.honestPhones}; presenter's tally ${tally} (exact: [${r.expected.join(", ")}]); relay memory peak ${r.peakRssMb.toFixed(0)} MB`,
  ].join("\n");
}
