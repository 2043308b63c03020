/**
 * The vote relay's network shell: WebSocket connections (the `ws` package) fed to the pure state
 * machine in lib/room/relay.ts, and its messages sent back out. It adds what needs a socket or a
 * clock: random codes and secrets, the presenter's tally coalesced to one message per
 * COALESCE_MS, pings that find phones gone without a word, and the sweep that ends rooms whose
 * presenter never came back. Everything lives in memory and goes when a room ends.
 *
 * Against a prankster it also keeps, per client address, a cap on WebSockets and on WebSockets
 * not yet in a room (a socket that never upgrades or never speaks is closed after IDLE), and it
 * accepts a WebSocket only from the relay's own site, a loopback page or an allowed origin. Plain
 * HTTP requests (the site's pages and assets, for `npm run room`) are not counted per address: a
 * class behind one NAT loads many at once, and the server's header and request timeouts and its
 * maxConnections bound them.
 */
import { randomBytes, randomInt } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { Socket } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";
import { CODE_ALPHABET, CODE_LENGTH, MAX_MESSAGE_BYTES, type RelayMessage } from "../lib/room/protocol";
import {
  addressKey,
  createRelay,
  type AddressLimits,
  type ConnectionId,
  type Outgoing,
  type RelayStats,
} from "../lib/room/relay";

/** The presenter's tally is sent at most this often: one message for a burst of votes. */
const COALESCE_MS = 20;
const PING_EVERY_MS = 25_000;
const SWEEP_EVERY_MS = 10_000;

/** Per client address: every WebSocket, and those not yet in a room. */
export interface SocketLimits {
  connectionsPerAddress: number;
  pendingPerAddress: number;
  /** Sockets that have not yet sent a request (page or WebSocket), per address: a flood of silent sockets cannot take every descriptor. */
  silentPerAddress: number;
  /** How long a socket may stay silent, or a WebSocket outside a room, before it is closed. */
  idleMs: number;
}
// Headroom above a class of 300 behind one NAT, each phone with one WebSocket (and one more while it reconnects).
// A phone's request follows its socket within milliseconds, so a class loading the site has few silent at once.
export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  connectionsPerAddress: 600,
  pendingPerAddress: 400,
  silentPerAddress: 200,
  idleMs: 10_000,
};

export interface RelayShellOptions {
  /** The URL path that upgrades to the relay, e.g. "/relay". */
  path: string;
  maxConnectionsPerRoom?: number;
  maxRooms?: number;
  presenterGraceMs?: number;
  perAddress?: Partial<AddressLimits>;
  sockets?: Partial<SocketLimits>;
  /** Origins of other sites allowed to use the relay, e.g. "https://lab.example.org". */
  allowOrigins?: string[];
  /**
   * Take the client's address from the last X-Forwarded-For hop, which the proxy in front appends:
   * behind a TLS-terminating proxy or tunnel every socket comes from the proxy. Only with a proxy:
   * otherwise anyone can name any address in the header.
   */
  trustProxy?: boolean;
}

export interface RelayShellStats extends RelayStats {
  closedTooLarge: number;
  refusedOrigin: number;
  refusedBusy: number;
  closedIdle: number;
  /** Sockets refused at once: their address already had as many silent sockets as it may. */
  refusedSilent: number;
}

export interface RelayShell {
  stats(): RelayShellStats;
  /** Closes every connection (going away) and stops the timers; the HTTP server is the caller's. */
  close(): Promise<void>;
}

const newCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
const newSecret = () => randomBytes(24).toString("base64url");

/**
 * The client address a request's limits are kept under (see `addressKey`): its socket's, or with
 * `trustProxy` the last hop of X-Forwarded-For, the one the proxy in front appended; earlier hops
 * are whatever the client sent. A hop may carry a port ("203.0.113.9:41234", "[2001:db8::1]:443").
 */
export function clientAddress(
  remote: string | undefined,
  forwarded: string | string[] | undefined,
  trustProxy: boolean,
): string {
  const hops = trustProxy ? [forwarded ?? []].flat().join(",").split(",") : [];
  const last = hops.at(-1)?.trim();
  if (!last) return addressKey(remote);
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(last);
  const v4WithPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(last);
  return addressKey(bracketed?.[1] ?? v4WithPort?.[1] ?? last);
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * Whether a browser page at `origin` may use the relay reached at `host`: one with no Origin (not a
 * browser: a browser always sends it), the relay's own site (same host and port), a page on this
 * machine (loopback), or an origin the relay was told to allow.
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[],
): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (host !== undefined && url.host === host.toLowerCase()) return true;
  if (LOOPBACK.test(url.hostname)) return true;
  return allowed.some((a) => a === url.origin);
}

export function attachRelay(server: Server, options: RelayShellOptions): RelayShell {
  const relay = createRelay({
    newCode,
    newSecret,
    maxConnectionsPerRoom: options.maxConnectionsPerRoom,
    maxRooms: options.maxRooms,
    presenterGraceMs: options.presenterGraceMs,
    perAddress: options.perAddress,
  });
  const limits: SocketLimits = { ...DEFAULT_SOCKET_LIMITS, ...options.sockets };
  const allowOrigins = (options.allowOrigins ?? []).map((o) => new URL(o).origin);
  const trustProxy = options.trustProxy ?? false;
  // Frames past 16× the protocol's limit are refused by ws itself (it closes that connection);
  // anything smaller reaches the state machine, which drops what is over MAX_MESSAGE_BYTES.
  const wss = new WebSocketServer({
    server,
    path: options.path,
    maxPayload: 16 * MAX_MESSAGE_BYTES,
    clientTracking: false,
    verifyClient: (
      { origin, req }: { origin: string | undefined; req: IncomingMessage },
      done: (ok: boolean, code?: number) => void,
    ) => {
      if (!originAllowed(origin || undefined, req.headers.host, allowOrigins)) {
        refusedOrigin++;
        return done(false, 403);
      }
      done(...count(req));
    },
  });
  const sockets = new Map<ConnectionId, WebSocket>();
  const alive = new Set<ConnectionId>();
  const pendingTally = new Map<ConnectionId, RelayMessage>();
  let tallyTimer: ReturnType<typeof setTimeout> | null = null;
  let nextId = 1;
  let closedTooLarge = 0;
  let refusedOrigin = 0;
  let refusedBusy = 0;
  let closedIdle = 0;
  let refusedSilent = 0;

  // Every WebSocket upgrade request is counted against its address until its socket closes, and as
  // pending until it is in a room.
  const perAddress = new Map<string, { all: number; pending: number }>();
  const pending = new WeakSet<Socket>();
  const addressOf = new WeakMap<IncomingMessage, string>();
  const settle = (socket: Socket, address: string) => {
    if (!pending.has(socket)) return;
    pending.delete(socket);
    const counts = perAddress.get(address);
    if (counts) counts.pending--;
  };
  const count = (req: IncomingMessage): [boolean, number?] => {
    const address = clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trustProxy);
    const counts = perAddress.get(address) ?? { all: 0, pending: 0 };
    if (counts.all >= limits.connectionsPerAddress || counts.pending >= limits.pendingPerAddress) {
      refusedBusy++;
      return [false, 503];
    }
    counts.all++;
    counts.pending++;
    perAddress.set(address, counts);
    addressOf.set(req, address);
    const socket = req.socket;
    pending.add(socket);
    socket.once("close", () => {
      settle(socket, address);
      counts.all--;
      if (counts.all === 0) perAddress.delete(address);
    });
    return [true];
  };
  // A socket counts as silent from its connection to its first request. Behind a trusted proxy every
  // socket comes from the proxy, which holds the silent ones itself, so none is counted.
  const silentPerAddress = new Map<string, number>();
  const spoken = new WeakMap<Socket, () => void>();
  server.on("connection", (socket: Socket) => {
    if (trustProxy) return;
    const address = clientAddress(socket.remoteAddress, undefined, false);
    const silent = silentPerAddress.get(address) ?? 0;
    if (silent >= limits.silentPerAddress) {
      refusedSilent++;
      socket.destroy();
      return;
    }
    silentPerAddress.set(address, silent + 1);
    let counted = true;
    const speak = () => {
      if (!counted) return;
      counted = false;
      const left = (silentPerAddress.get(address) ?? 1) - 1;
      if (left === 0) silentPerAddress.delete(address);
      else silentPerAddress.set(address, left);
    };
    socket.once("close", speak);
    spoken.set(socket, speak);
  });
  const firstRequest = (req: IncomingMessage) => spoken.get(req.socket)?.();
  server.prependListener("request", firstRequest);
  server.prependListener("upgrade", firstRequest);
  // A socket silent this long is closed: the HTTP server destroys it (ws turns this off once upgraded).
  server.setTimeout(limits.idleMs, (socket: Socket) => {
    closedIdle++;
    socket.destroy();
  });

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

  wss.on("connection", (socket: WebSocket, req: IncomingMessage) => {
    const id = nextId++;
    const tcp = req.socket;
    const address = addressOf.get(req) ?? addressKey(tcp.remoteAddress);
    sockets.set(id, socket);
    alive.add(id);
    relay.connect(id, Date.now(), address);
    // A WebSocket that has not joined or opened a room by now is closed: it holds a place for nothing.
    const idle = setTimeout(() => {
      if (relay.inRoom(id)) return;
      closedIdle++;
      socket.terminate();
    }, limits.idleMs);
    socket.on("pong", () => alive.add(id));
    socket.on("message", (data, isBinary) => {
      deliver(relay.receive(id, isBinary ? data : data.toString("utf8"), Date.now()));
      if (relay.inRoom(id)) settle(tcp, address);
    });
    socket.on("error", (error: Error & { code?: string }) => {
      if (error.code === "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH") closedTooLarge++;
    });
    socket.on("close", () => {
      clearTimeout(idle);
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
    stats: () => ({ ...relay.stats(), closedTooLarge, refusedOrigin, refusedBusy, closedIdle, refusedSilent }),
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

/** Prints what the relay dropped and refused, when it stops. */
export function describeDrops(stats: RelayShellStats): string {
  const dropped = Object.entries(stats.dropped).filter(([, n]) => n > 0);
  const parts = dropped.map(([reason, n]) => `${n} ${reason}`);
  if (stats.closedTooLarge > 0)
    parts.push(`${stats.closedTooLarge} connections closed for a frame over ${16 * MAX_MESSAGE_BYTES} bytes`);
  if (stats.refusedOrigin > 0) parts.push(`${stats.refusedOrigin} WebSockets refused for their page's origin`);
  if (stats.refusedBusy > 0) parts.push(`${stats.refusedBusy} WebSockets refused over an address's limit`);
  if (stats.closedIdle > 0) parts.push(`${stats.closedIdle} idle connections closed`);
  if (stats.refusedSilent > 0) parts.push(`${stats.refusedSilent} silent sockets refused`);
  return parts.length === 0 ? "The relay dropped no messages." : `The relay dropped: ${parts.join(", ")}.`;
}
