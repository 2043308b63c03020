/**
 * The vote relay's network shell: WebSocket connections (the `ws` package) fed to the pure state
 * machine in lib/room/relay.ts, and its messages sent back out. It adds what needs a socket or a
 * clock: random codes and secrets, the presenter's tally coalesced to one message per
 * COALESCE_MS, pings that find phones gone without a word, and the sweep that ends rooms whose
 * presenter never came back. Everything lives in memory and goes when a room ends.
 */
import { randomBytes, randomInt } from "node:crypto";
import type { Server } from "node:http";
import { WebSocketServer, type WebSocket } from "ws";
import { CODE_ALPHABET, CODE_LENGTH, MAX_MESSAGE_BYTES, type RelayMessage } from "../lib/room/protocol";
import { createRelay, type ConnectionId, type Outgoing, type RelayStats } from "../lib/room/relay";

/** The presenter's tally is sent at most this often: one message for a burst of votes. */
const COALESCE_MS = 20;
const PING_EVERY_MS = 25_000;
const SWEEP_EVERY_MS = 60_000;

export interface RelayShellOptions {
  /** The URL path that upgrades to the relay, e.g. "/relay". */
  path: string;
  maxConnectionsPerRoom?: number;
  presenterGraceMs?: number;
}

export interface RelayShell {
  stats(): RelayStats & { closedTooLarge: number };
  /** Closes every connection (going away) and stops the timers; the HTTP server is the caller's. */
  close(): Promise<void>;
}

const newCode = () => Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
const newSecret = () => randomBytes(24).toString("base64url");

export function attachRelay(server: Server, options: RelayShellOptions): RelayShell {
  const relay = createRelay({ newCode, newSecret, maxConnectionsPerRoom: options.maxConnectionsPerRoom, presenterGraceMs: options.presenterGraceMs });
  // Frames past 16× the protocol's limit are refused by ws itself (it closes that connection);
  // anything smaller reaches the state machine, which drops what is over MAX_MESSAGE_BYTES.
  const wss = new WebSocketServer({ server, path: options.path, maxPayload: 16 * MAX_MESSAGE_BYTES, clientTracking: false });
  const sockets = new Map<ConnectionId, WebSocket>();
  const alive = new Set<ConnectionId>();
  const pendingTally = new Map<ConnectionId, RelayMessage>();
  let tallyTimer: ReturnType<typeof setTimeout> | null = null;
  let nextId = 1;
  let closedTooLarge = 0;

  const write = (id: ConnectionId, message: RelayMessage) => {
    const socket = sockets.get(id);
    if (socket && socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const flushTallies = () => {
    tallyTimer = null;
    for (const [id, message] of pendingTally) write(id, message);
    pendingTally.clear();
  };
  const deliver = (out: Outgoing[]) => {
    for (const { to, message } of out) {
      for (const id of to) {
        if (message.type !== "room") write(id, message);
        else {
          pendingTally.set(id, message);
          tallyTimer ??= setTimeout(flushTallies, COALESCE_MS);
        }
      }
    }
  };

  wss.on("connection", (socket: WebSocket) => {
    const id = nextId++;
    sockets.set(id, socket);
    alive.add(id);
    relay.connect(id, Date.now());
    socket.on("pong", () => alive.add(id));
    socket.on("message", (data, isBinary) => deliver(relay.receive(id, isBinary ? data : data.toString("utf8"), Date.now())));
    socket.on("error", (error: Error & { code?: string }) => {
      if (error.code === "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH") closedTooLarge++;
    });
    socket.on("close", () => {
      sockets.delete(id);
      alive.delete(id);
      pendingTally.delete(id);
      deliver(relay.disconnect(id, Date.now()));
    });
  });
  wss.on("error", () => {}); // errors belong to the HTTP server, which the caller owns

  const pinger = setInterval(() => {
    for (const [id, socket] of sockets) {
      if (!alive.has(id)) socket.terminate();
      else {
        alive.delete(id);
        socket.ping();
      }
    }
  }, PING_EVERY_MS);
  const sweeper = setInterval(() => deliver(relay.sweep(Date.now())), SWEEP_EVERY_MS);
  pinger.unref();
  sweeper.unref();

  return {
    stats: () => ({ ...relay.stats(), closedTooLarge }),
    close: () =>
      new Promise((resolve) => {
        clearInterval(pinger);
        clearInterval(sweeper);
        if (tallyTimer) clearTimeout(tallyTimer);
        for (const socket of sockets.values()) socket.close(1001, "relay stopping");
        wss.close(() => resolve());
      }),
  };
}

/** Prints what the relay dropped, when it stops. */
export function describeDrops(stats: ReturnType<RelayShell["stats"]>): string {
  const dropped = Object.entries(stats.dropped).filter(([, n]) => n > 0);
  const parts = dropped.map(([reason, n]) => `${n} ${reason}`);
  if (stats.closedTooLarge > 0) parts.push(`${stats.closedTooLarge} connections closed for a frame over ${16 * MAX_MESSAGE_BYTES} bytes`);
  return parts.length === 0 ? "The relay dropped no messages." : `The relay dropped: ${parts.join(", ")}.`;
}
