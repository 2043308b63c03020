/**
 * The vote relay's state machine, pure: connections, rooms, rounds and votes in, messages to send
 * out. The network shell (scripts/room-relay.ts) gives it each connection's id and client address,
 * every message as received, and the time; it never touches a socket, a clock or a random source
 * itself (the shell passes `newCode` and `newSecret`). Nothing is kept once a room ends: a room is
 * a presenter, the phones connected to it and the current round's votes, each under a device's
 * random id.
 *
 * Hostile input: a connection's device id is fixed at its first join, so one connection is one
 * phone; the presenter's "joined" counts every device whose vote is in the tally; and each client
 * address (a whole class behind one NAT shares one) is limited in joins and code guesses a minute,
 * rooms held and phones in one room.
 */
import {
  clientMessage,
  DEFAULT_MAX_CONNECTIONS_PER_ROOM,
  MAX_MESSAGE_BYTES,
  MAX_MESSAGES_PER_SECOND,
  type ClientMessage,
  type PhonePoll,
  type PollStatus,
  type RelayMessage,
  type RoomQuestion,
} from "./protocol";

export type ConnectionId = number;

/** Why a message was dropped; each is counted. */
export const DROP_REASONS = [
  "oversize",
  "not-text",
  "invalid",
  "rate",
  "forged",
  "unexpected",
  "full",
  "device",
  "slow-down",
] as const;
export type DropReason = (typeof DROP_REASONS)[number];

/** What one client address may do; defaults fit a class of a few hundred behind one NAT. */
export interface AddressLimits {
  /** Joins a minute (bursts up to the same number): a class joining at once, and rejoining. */
  joinsPerMinute: number;
  /** Joins and resumes a minute naming a room that does not exist (bursts up to the same number). */
  guessesPerMinute: number;
  /** Rooms held at once, a presenter's grace included. */
  rooms: number;
  /** Phones in one room. */
  phonesPerRoom: number;
}

export const DEFAULT_ADDRESS_LIMITS: AddressLimits = {
  joinsPerMinute: 600,
  guessesPerMinute: 30,
  rooms: 5,
  phonesPerRoom: 400,
};
export const DEFAULT_MAX_ROOMS = 100;
export const DEFAULT_PRESENTER_GRACE_MS = 5 * 60_000;

export interface RelayOptions {
  maxConnectionsPerRoom?: number;
  /** Rooms one relay holds at once. */
  maxRooms?: number;
  /** How long a room waits for its presenter's page to come back before it ends. */
  presenterGraceMs?: number;
  perAddress?: Partial<AddressLimits>;
  newCode: () => string;
  newSecret: () => string;
}

/** One message for some connections. */
export interface Outgoing {
  to: ConnectionId[];
  message: RelayMessage;
}

interface Poll {
  question: RoomQuestion;
  round: 1 | 2;
  status: PollStatus;
  /** Each device's vote: an option's index. */
  votes: Map<string, number>;
  /** Votes per option, kept as votes arrive: a reveal to thousands of phones never recounts. */
  counts: number[];
  answer: number | null;
}

/** A device in a room: its connection while there, and the address it joined from. */
interface Device {
  connection: ConnectionId | null;
  address: string;
}

interface Room {
  code: string;
  secret: string;
  /** The address that opened it: its rooms are counted against that address's limit. */
  openedBy: string;
  presenter: ConnectionId | null;
  /** When the presenter's connection went away; null while it is there. */
  presenterLeftAt: number | null;
  /** Each phone's connection and its device id. */
  phones: Map<ConnectionId, string>;
  /** The devices counted as joined: those connected, and those gone whose vote is in the round. */
  devices: Map<string, Device>;
  /** Devices per address, for the limit on phones in one room. */
  perAddress: Map<string, number>;
  poll: Poll | null;
}

interface Connection {
  address: string;
  /** The rate limit's bucket: messages it may still send now. */
  tokens: number;
  refilledAt: number;
  /** The device id of its first join: a connection is one phone. */
  device: string | null;
  room: string | null;
  role: "presenter" | "phone" | null;
}

/** A token bucket: `tokens` left at `at`, refilled at `perMinute` up to `perMinute`. */
interface Bucket {
  tokens: number;
  at: number;
}

interface AddressState {
  connections: number;
  rooms: number;
  joins: Bucket;
  guesses: Bucket;
}

export interface RelayStats {
  connections: number;
  rooms: number;
  /** Client addresses the relay keeps limits for. */
  addresses: number;
  dropped: Record<DropReason, number>;
}

export interface Relay {
  /** A new connection from a client address (see `addressKey`). */
  connect(id: ConnectionId, now: number, address?: string): void;
  /** A message as received: `data` is the text of a text frame, anything else for a binary one. */
  receive(id: ConnectionId, data: unknown, now: number): Outgoing[];
  disconnect(id: ConnectionId, now: number): Outgoing[];
  /** Whether a connection presents a room or is a phone in one. */
  inRoom(id: ConnectionId): boolean;
  /** Ends the rooms whose presenter has been gone longer than the grace period, and forgets idle addresses. */
  sweep(now: number): Outgoing[];
  stats(): RelayStats;
}

const encoder = new TextEncoder();

/** Compares two secrets in time that does not depend on where they first differ. */
function sameSecret(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

/**
 * The address limits are kept under: IPv4 as is (an IPv4-mapped IPv6 address as its IPv4), IPv6
 * by its /64 network, since one host is usually given a whole /64 to pick addresses from.
 */
export function addressKey(remote: string | undefined): string {
  if (!remote) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remote);
  if (mapped) return mapped[1]!;
  if (!remote.includes(":")) return remote;
  const [head = "", tail = ""] = remote.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === "" ? [] : tail.split(":");
  const groups = remote.includes("::")
    ? [...left, ...new Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (g || "0").toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

export function createRelay(options: RelayOptions): Relay {
  const maxPerRoom = options.maxConnectionsPerRoom ?? DEFAULT_MAX_CONNECTIONS_PER_ROOM;
  const maxRooms = options.maxRooms ?? DEFAULT_MAX_ROOMS;
  const graceMs = options.presenterGraceMs ?? DEFAULT_PRESENTER_GRACE_MS;
  const limits: AddressLimits = { ...DEFAULT_ADDRESS_LIMITS, ...options.perAddress };
  const connections = new Map<ConnectionId, Connection>();
  const rooms = new Map<string, Room>();
  const addresses = new Map<string, AddressState>();
  const dropped = Object.fromEntries(DROP_REASONS.map((r) => [r, 0])) as Record<DropReason, number>;

  const drop = (reason: DropReason): Outgoing[] => {
    dropped[reason]++;
    return [];
  };
  const refuse = (
    id: ConnectionId,
    reason: "no-such-room" | "room-full" | "too-many-rooms" | "slow-down",
    message: string,
  ): Outgoing[] => [{ to: [id], message: { type: "error", reason, message } }];

  const addressOf = (address: string, now: number): AddressState => {
    let state = addresses.get(address);
    if (!state) {
      state = {
        connections: 0,
        rooms: 0,
        joins: { tokens: limits.joinsPerMinute, at: now },
        guesses: { tokens: limits.guessesPerMinute, at: now },
      };
      addresses.set(address, state);
    }
    return state;
  };
  const refill = (bucket: Bucket, perMinute: number, now: number) => {
    bucket.tokens = Math.min(perMinute, bucket.tokens + ((now - bucket.at) * perMinute) / 60_000);
    bucket.at = now;
  };
  /** Takes one token if there is one. */
  const take = (bucket: Bucket, perMinute: number, now: number): boolean => {
    refill(bucket, perMinute, now);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  };

  const presenterView = (room: Room): Outgoing[] => {
    if (room.presenter === null) return [];
    const poll = room.poll && {
      questionId: room.poll.question.id,
      round: room.poll.round,
      status: room.poll.status,
      counts: [...room.poll.counts],
    };
    return [{ to: [room.presenter], message: { type: "room", joined: room.devices.size, poll } }];
  };

  const phoneView = (room: Room, connection: ConnectionId): Outgoing => {
    const device = room.phones.get(connection)!;
    const poll = room.poll;
    const revealed = poll?.status === "revealed";
    const phonePoll: PhonePoll | null = poll && {
      question: poll.question,
      round: poll.round,
      status: poll.status,
      counts: revealed ? [...poll.counts] : null,
      answer: revealed ? poll.answer : null,
    };
    return {
      to: [connection],
      message: { type: "phone", code: room.code, poll: phonePoll, vote: poll?.votes.get(device) ?? null },
    };
  };

  const allPhones = (room: Room): Outgoing[] => [...room.phones.keys()].map((c) => phoneView(room, c));

  const forgetDevice = (room: Room, device: string) => {
    const known = room.devices.get(device);
    if (!known) return;
    room.devices.delete(device);
    const left = (room.perAddress.get(known.address) ?? 1) - 1;
    if (left > 0) room.perAddress.set(known.address, left);
    else room.perAddress.delete(known.address);
  };

  /** A phone's connection leaves its room: its device stays counted while its vote is in the round. */
  const leavePhone = (room: Room, id: ConnectionId) => {
    const device = room.phones.get(id);
    room.phones.delete(id);
    if (device === undefined) return;
    const known = room.devices.get(device);
    if (known?.connection !== id) return;
    if (room.poll?.votes.has(device)) known.connection = null;
    else forgetDevice(room, device);
  };

  const leave = (id: ConnectionId, connection: Connection, now: number): Outgoing[] => {
    const room = connection.room === null ? undefined : rooms.get(connection.room);
    const role = connection.role;
    connection.room = null;
    connection.role = null;
    if (!room) return [];
    if (role === "phone") {
      leavePhone(room, id);
      return presenterView(room);
    }
    if (room.presenter === id) {
      room.presenter = null;
      room.presenterLeftAt = now;
    }
    return [];
  };

  const endRoom = (room: Room): Outgoing[] => {
    rooms.delete(room.code);
    const opener = addresses.get(room.openedBy);
    if (opener) opener.rooms--;
    for (const id of [...room.phones.keys(), ...(room.presenter === null ? [] : [room.presenter])]) {
      const connection = connections.get(id);
      if (connection) {
        connection.room = null;
        connection.role = null;
      }
    }
    return room.phones.size > 0 ? [{ to: [...room.phones.keys()], message: { type: "ended" } }] : [];
  };

  const full = (room: Room) => room.devices.size + (room.presenter === null ? 0 : 1) >= maxPerRoom;

  /** The room this connection presents, if the secret is that room's; null for a forgery. */
  const presented = (connection: Connection, secret: string): Room | null => {
    const room = connection.role === "presenter" && connection.room !== null ? rooms.get(connection.room) : undefined;
    return room && sameSecret(room.secret, secret) ? room : null;
  };

  const slowDown = (id: ConnectionId): Outgoing[] => {
    dropped["slow-down"]++;
    return refuse(
      id,
      "slow-down",
      "Too many tries from this network in the last minute: wait a minute, then try again.",
    );
  };

  /**
   * Looks a code up for a join or resume; a code that names no room spends one of the address's
   * guesses, and once they are spent every look-up waits, so a hit tells a guesser nothing. Only a
   * room this address is already part of is found without a guess: its phones' address, this
   * connection's room, a device already in it, or the opener resuming. So a classmate's bad codes
   * behind the class's NAT cannot keep the class out of its own room.
   */
  const lookUp = (
    connection: Connection,
    code: string,
    now: number,
    device?: string,
  ): Room | "no-guesses" | undefined => {
    const room = rooms.get(code);
    const known =
      room !== undefined &&
      (device === undefined
        ? room.openedBy === connection.address
        : (room.perAddress.get(connection.address) ?? 0) > 0 || connection.room === code || room.devices.has(device));
    if (known) return room;
    const state = addressOf(connection.address, now);
    refill(state.guesses, limits.guessesPerMinute, now);
    if (state.guesses.tokens < 1) return "no-guesses";
    if (!room) state.guesses.tokens -= 1;
    return room;
  };

  function handle(id: ConnectionId, connection: Connection, message: ClientMessage, now: number): Outgoing[] {
    switch (message.type) {
      case "open": {
        // A presenter's connection that opens another room has abandoned the one it had.
        const abandoned =
          connection.role === "presenter" && connection.room !== null ? rooms.get(connection.room) : undefined;
        const out = abandoned ? endRoom(abandoned) : leave(id, connection, now);
        const state = addressOf(connection.address, now);
        if (state.rooms >= limits.rooms)
          return [
            ...out,
            ...refuse(
              id,
              "too-many-rooms",
              `This network already holds ${limits.rooms} rooms on this relay; end one, or try again later.`,
            ),
          ];
        if (rooms.size >= maxRooms)
          return [
            ...out,
            ...refuse(id, "too-many-rooms", "This relay holds as many rooms as it can; close one, or try again later."),
          ];
        let code = options.newCode();
        while (rooms.has(code)) code = options.newCode();
        const room: Room = {
          code,
          secret: options.newSecret(),
          openedBy: connection.address,
          presenter: id,
          presenterLeftAt: null,
          phones: new Map(),
          devices: new Map(),
          perAddress: new Map(),
          poll: null,
        };
        rooms.set(code, room);
        state.rooms++;
        connection.room = code;
        connection.role = "presenter";
        return [...out, { to: [id], message: { type: "opened", code, secret: room.secret } }, ...presenterView(room)];
      }
      case "resume": {
        const room = lookUp(connection, message.code, now);
        if (room === "no-guesses") return slowDown(id);
        if (!room) return refuse(id, "no-such-room", `There is no room ${message.code} on this relay any more.`);
        if (!sameSecret(room.secret, message.secret)) return drop("forged");
        const out = room.presenter === id ? [] : leave(id, connection, now);
        const previous = room.presenter === null ? undefined : connections.get(room.presenter);
        if (previous && room.presenter !== id) {
          previous.room = null;
          previous.role = null;
        }
        room.presenter = id;
        room.presenterLeftAt = null;
        connection.room = room.code;
        connection.role = "presenter";
        return [
          ...out,
          { to: [id], message: { type: "opened", code: room.code, secret: room.secret } },
          ...presenterView(room),
        ];
      }
      case "join": {
        if (connection.device !== null && connection.device !== message.device) return drop("device");
        if (connection.room === message.code && connection.role === "phone")
          return [phoneView(rooms.get(message.code)!, id)];
        const state = addressOf(connection.address, now);
        if (!take(state.joins, limits.joinsPerMinute, now)) return slowDown(id);
        const room = lookUp(connection, message.code, now, message.device);
        if (room === "no-guesses") return slowDown(id);
        if (!room) return refuse(id, "no-such-room", `There is no room ${message.code}: check the code on the screen.`);
        const known = room.devices.get(message.device);
        if (!known && (full(room) || (room.perAddress.get(connection.address) ?? 0) >= limits.phonesPerRoom)) {
          dropped.full++;
          return refuse(id, "room-full", "This room is full.");
        }
        const out = leave(id, connection, now);
        connection.device = message.device;
        if (known) {
          // The same device on a new connection: the old one, if the relay has not seen it go, is no longer this phone.
          if (known.connection !== null && known.connection !== id) {
            room.phones.delete(known.connection);
            const old = connections.get(known.connection);
            if (old) {
              old.room = null;
              old.role = null;
            }
          }
          known.connection = id;
        } else {
          room.devices.set(message.device, { connection: id, address: connection.address });
          room.perAddress.set(connection.address, (room.perAddress.get(connection.address) ?? 0) + 1);
        }
        room.phones.set(id, message.device);
        connection.room = room.code;
        connection.role = "phone";
        return [...out, phoneView(room, id), ...presenterView(room)];
      }
      case "vote": {
        const room = connection.role === "phone" && connection.room !== null ? rooms.get(connection.room) : undefined;
        const poll = room?.poll;
        if (
          !room ||
          !poll ||
          poll.status !== "open" ||
          poll.round !== message.round ||
          message.option >= poll.question.options.length
        )
          return drop("unexpected");
        const device = room.phones.get(id)!;
        const previous = poll.votes.get(device);
        // Both options are below options.length, the counts' length (checked above, and when stored).
        if (previous !== undefined) poll.counts[previous]!--;
        poll.counts[message.option]!++;
        poll.votes.set(device, message.option);
        return [phoneView(room, id), ...presenterView(room)];
      }
      case "start": {
        const room = presented(connection, message.secret);
        if (!room) return drop("forged");
        // The last round's votes go, and with them the devices that were counted only for a vote.
        for (const [device, known] of [...room.devices]) if (known.connection === null) forgetDevice(room, device);
        room.poll = {
          question: message.question,
          round: message.round as 1 | 2,
          status: "open",
          votes: new Map(),
          counts: new Array<number>(message.question.options.length).fill(0),
          answer: null,
        };
        return [...allPhones(room), ...presenterView(room)];
      }
      case "close":
      case "reveal": {
        const room = presented(connection, message.secret);
        if (!room) return drop("forged");
        const poll = room.poll;
        if (
          !poll ||
          (message.type === "close" && poll.status !== "open") ||
          (message.type === "reveal" && poll.status === "revealed")
        )
          return drop("unexpected");
        if (message.type === "reveal") {
          if (message.answer >= poll.question.options.length) return drop("unexpected");
          poll.answer = message.answer;
        }
        poll.status = message.type === "close" ? "closed" : "revealed";
        return [...allPhones(room), ...presenterView(room)];
      }
      case "end": {
        const room = presented(connection, message.secret);
        return room ? endRoom(room) : drop("forged");
      }
    }
  }

  return {
    connect(id, now, address = "unknown") {
      connections.set(id, {
        address,
        tokens: MAX_MESSAGES_PER_SECOND,
        refilledAt: now,
        device: null,
        room: null,
        role: null,
      });
      addressOf(address, now).connections++;
    },
    receive(id, data, now) {
      const connection = connections.get(id);
      if (!connection) return [];
      connection.tokens = Math.min(
        MAX_MESSAGES_PER_SECOND,
        connection.tokens + ((now - connection.refilledAt) * MAX_MESSAGES_PER_SECOND) / 1000,
      );
      connection.refilledAt = now;
      if (connection.tokens < 1) return drop("rate");
      connection.tokens -= 1;
      if (typeof data !== "string") return drop("not-text");
      // A UTF-8 character is at most 3 bytes per UTF-16 unit: only long strings need encoding.
      if (data.length * 3 > MAX_MESSAGE_BYTES && encoder.encode(data).length > MAX_MESSAGE_BYTES)
        return drop("oversize");
      let json: unknown;
      try {
        json = JSON.parse(data);
      } catch {
        return drop("invalid");
      }
      const parsed = clientMessage.safeParse(json);
      return parsed.success ? handle(id, connection, parsed.data, now) : drop("invalid");
    },
    disconnect(id, now) {
      const connection = connections.get(id);
      if (!connection) return [];
      connections.delete(id);
      const state = addresses.get(connection.address);
      if (state) state.connections--;
      return leave(id, connection, now);
    },
    inRoom: (id) => connections.get(id)?.role != null,
    sweep(now) {
      const out: Outgoing[] = [];
      for (const room of [...rooms.values()]) {
        if (room.presenter === null && room.presenterLeftAt !== null && now - room.presenterLeftAt > graceMs)
          out.push(...endRoom(room));
      }
      // An address is forgotten only once its limits have nothing left to remember.
      for (const [address, state] of addresses) {
        refill(state.joins, limits.joinsPerMinute, now);
        refill(state.guesses, limits.guessesPerMinute, now);
        if (
          state.connections === 0 &&
          state.rooms === 0 &&
          state.joins.tokens >= limits.joinsPerMinute &&
          state.guesses.tokens >= limits.guessesPerMinute
        )
          addresses.delete(address);
      }
      return out;
    },
    stats: () => ({
      connections: connections.size,
      rooms: rooms.size,
      addresses: addresses.size,
      dropped: { ...dropped },
    }),
  };
}
