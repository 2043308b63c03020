/**
 * The vote relay's state machine, pure: connections, rooms, rounds and votes in, messages to send
 * out. The network shell (scripts/room-relay.ts) gives it each connection's id, every message as
 * received, and the time; it never touches a socket, a clock or a random source itself (the shell
 * passes `newCode` and `newSecret`). Nothing is kept once a room ends: a room is a presenter, the
 * phones connected to it and the current round's votes, each under a device's random id.
 */
import {
  clientMessage,
  countVotes,
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
export const DROP_REASONS = ["oversize", "not-text", "invalid", "rate", "forged", "unexpected", "full"] as const;
export type DropReason = (typeof DROP_REASONS)[number];

export interface RelayOptions {
  maxConnectionsPerRoom?: number;
  /** Rooms one relay holds at once. */
  maxRooms?: number;
  /** How long a room waits for its presenter's page to come back before it ends. */
  presenterGraceMs?: number;
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
  answer: number | null;
}

interface Room {
  code: string;
  secret: string;
  presenter: ConnectionId | null;
  /** When the presenter's connection went away; null while it is there. */
  presenterLeftAt: number | null;
  /** Each phone's connection and its device id. */
  phones: Map<ConnectionId, string>;
  poll: Poll | null;
}

interface Connection {
  /** The rate limit's bucket: messages it may still send now. */
  tokens: number;
  refilledAt: number;
  room: string | null;
  role: "presenter" | "phone" | null;
}

export interface RelayStats {
  connections: number;
  rooms: number;
  dropped: Record<DropReason, number>;
}

export interface Relay {
  connect(id: ConnectionId, now: number): void;
  /** A message as received: `data` is the text of a text frame, anything else for a binary one. */
  receive(id: ConnectionId, data: unknown, now: number): Outgoing[];
  disconnect(id: ConnectionId, now: number): Outgoing[];
  /** Ends the rooms whose presenter has been gone longer than the grace period. */
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

export function createRelay(options: RelayOptions): Relay {
  const maxPerRoom = options.maxConnectionsPerRoom ?? DEFAULT_MAX_CONNECTIONS_PER_ROOM;
  const maxRooms = options.maxRooms ?? 100;
  const graceMs = options.presenterGraceMs ?? 30 * 60_000;
  const connections = new Map<ConnectionId, Connection>();
  const rooms = new Map<string, Room>();
  const dropped = Object.fromEntries(DROP_REASONS.map((r) => [r, 0])) as Record<DropReason, number>;

  const drop = (reason: DropReason): Outgoing[] => {
    dropped[reason]++;
    return [];
  };

  const presenterView = (room: Room): Outgoing[] => {
    if (room.presenter === null) return [];
    const poll = room.poll && {
      questionId: room.poll.question.id,
      round: room.poll.round,
      status: room.poll.status,
      counts: countVotes(room.poll.votes.values(), room.poll.question.options.length),
    };
    return [{ to: [room.presenter], message: { type: "room", joined: room.phones.size, poll } }];
  };

  const phoneView = (room: Room, connection: ConnectionId): Outgoing => {
    const device = room.phones.get(connection)!;
    const poll = room.poll;
    const revealed = poll?.status === "revealed";
    const phonePoll: PhonePoll | null = poll && {
      question: poll.question,
      round: poll.round,
      status: poll.status,
      counts: revealed ? countVotes(poll.votes.values(), poll.question.options.length) : null,
      answer: revealed ? poll.answer : null,
    };
    return { to: [connection], message: { type: "phone", code: room.code, poll: phonePoll, vote: poll?.votes.get(device) ?? null } };
  };

  const allPhones = (room: Room): Outgoing[] => [...room.phones.keys()].map((c) => phoneView(room, c));

  const leave = (id: ConnectionId, connection: Connection, now: number): Outgoing[] => {
    const room = connection.room === null ? undefined : rooms.get(connection.room);
    const role = connection.role;
    connection.room = null;
    connection.role = null;
    if (!room) return [];
    if (role === "phone") {
      room.phones.delete(id);
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
    for (const id of [...room.phones.keys(), ...(room.presenter === null ? [] : [room.presenter])]) {
      const connection = connections.get(id);
      if (connection) {
        connection.room = null;
        connection.role = null;
      }
    }
    return room.phones.size > 0 ? [{ to: [...room.phones.keys()], message: { type: "ended" } }] : [];
  };

  const full = (room: Room) => room.phones.size + (room.presenter === null ? 0 : 1) >= maxPerRoom;

  /** The room this connection presents, if the secret is that room's; null for a forgery. */
  const presented = (connection: Connection, secret: string): Room | null => {
    const room = connection.role === "presenter" && connection.room !== null ? rooms.get(connection.room) : undefined;
    return room && sameSecret(room.secret, secret) ? room : null;
  };

  function handle(id: ConnectionId, connection: Connection, message: ClientMessage, now: number): Outgoing[] {
    switch (message.type) {
      case "open": {
        if (rooms.size >= maxRooms)
          return [
            {
              to: [id],
              message: { type: "error", reason: "too-many-rooms", message: "This relay holds as many rooms as it can; close one, or try again later." },
            },
          ];
        const out = leave(id, connection, now);
        let code = options.newCode();
        while (rooms.has(code)) code = options.newCode();
        const room: Room = { code, secret: options.newSecret(), presenter: id, presenterLeftAt: null, phones: new Map(), poll: null };
        rooms.set(code, room);
        connection.room = code;
        connection.role = "presenter";
        return [...out, { to: [id], message: { type: "opened", code, secret: room.secret } }, ...presenterView(room)];
      }
      case "resume": {
        const room = rooms.get(message.code);
        if (!room)
          return [{ to: [id], message: { type: "error", reason: "no-such-room", message: `There is no room ${message.code} on this relay any more.` } }];
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
        return [...out, { to: [id], message: { type: "opened", code: room.code, secret: room.secret } }, ...presenterView(room)];
      }
      case "join": {
        const room = rooms.get(message.code);
        if (!room)
          return [{ to: [id], message: { type: "error", reason: "no-such-room", message: `There is no room ${message.code}: check the code on the screen.` } }];
        if (connection.room === room.code && connection.role === "phone") {
          room.phones.set(id, message.device);
          return [phoneView(room, id)];
        }
        if (full(room)) {
          dropped.full++;
          return [{ to: [id], message: { type: "error", reason: "room-full", message: "This room is full." } }];
        }
        const out = leave(id, connection, now);
        room.phones.set(id, message.device);
        connection.room = room.code;
        connection.role = "phone";
        return [...out, phoneView(room, id), ...presenterView(room)];
      }
      case "vote": {
        const room = connection.role === "phone" && connection.room !== null ? rooms.get(connection.room) : undefined;
        const poll = room?.poll;
        if (!room || !poll || poll.status !== "open" || poll.round !== message.round || message.option >= poll.question.options.length)
          return drop("unexpected");
        poll.votes.set(room.phones.get(id)!, message.option);
        return [phoneView(room, id), ...presenterView(room)];
      }
      case "start": {
        const room = presented(connection, message.secret);
        if (!room) return drop("forged");
        room.poll = { question: message.question, round: message.round as 1 | 2, status: "open", votes: new Map(), answer: null };
        return [...allPhones(room), ...presenterView(room)];
      }
      case "close":
      case "reveal": {
        const room = presented(connection, message.secret);
        if (!room) return drop("forged");
        const poll = room.poll;
        if (!poll || (message.type === "close" && poll.status !== "open") || (message.type === "reveal" && poll.status === "revealed"))
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
    connect(id, now) {
      connections.set(id, { tokens: MAX_MESSAGES_PER_SECOND, refilledAt: now, room: null, role: null });
    },
    receive(id, data, now) {
      const connection = connections.get(id);
      if (!connection) return [];
      connection.tokens = Math.min(MAX_MESSAGES_PER_SECOND, connection.tokens + ((now - connection.refilledAt) * MAX_MESSAGES_PER_SECOND) / 1000);
      connection.refilledAt = now;
      if (connection.tokens < 1) return drop("rate");
      connection.tokens -= 1;
      if (typeof data !== "string") return drop("not-text");
      // A UTF-8 character is at most 3 bytes per UTF-16 unit: only long strings need encoding.
      if (data.length * 3 > MAX_MESSAGE_BYTES && encoder.encode(data).length > MAX_MESSAGE_BYTES) return drop("oversize");
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
      return leave(id, connection, now);
    },
    sweep(now) {
      const out: Outgoing[] = [];
      for (const room of [...rooms.values()]) {
        if (room.presenter === null && room.presenterLeftAt !== null && now - room.presenterLeftAt > graceMs) out.push(...endRoom(room));
      }
      return out;
    },
    stats: () => ({ connections: connections.size, rooms: rooms.size, dropped: { ...dropped } }),
  };
}
