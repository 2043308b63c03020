/**
 * One HTTP server for the prediction room: the vote relay at /relay and, for `npm run room`, the
 * built site from out/ beside it, with /room.json telling the site where the relay is and which
 * address phones on the local network can reach. Stops cleanly on Ctrl-C or SIGTERM.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { networkInterfaces } from "node:os";
import { parseArgs } from "node:util";
import { renderUnicodeCompact } from "uqr";
import { DEFAULT_MAX_CONNECTIONS_PER_ROOM } from "../lib/room/protocol";
import {
  DEFAULT_ADDRESS_LIMITS,
  DEFAULT_MAX_ROOMS,
  DEFAULT_PRESENTER_GRACE_MS,
  type AddressLimits,
} from "../lib/room/relay";
import { attachRelay, DEFAULT_SOCKET_LIMITS, describeDrops, type SocketLimits } from "./roomRelay";
import { requireBuild, staticHandler } from "./staticSite.mjs";

export const RELAY_PATH = "/relay";

/** The machine's first IPv4 address on a local network, or null (then only this machine can join). */
function lanAddress(): string | null {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) if (address.family === "IPv4" && !address.internal) return address.address;
  }
  return null;
}

export interface RoomServerArgs {
  port: number;
  host: string;
  maxConnectionsPerRoom: number;
  maxRooms: number;
  presenterGraceMs: number;
  perAddress: AddressLimits;
  sockets: SocketLimits;
  allowOrigins: string[];
  /** Client addresses from the last X-Forwarded-For hop: only behind a proxy that appends it. */
  trustProxy: boolean;
}

/** The options, each a whole number with its least value and default. */
const NUMBERS = {
  "max-per-room": { least: 2, fallback: DEFAULT_MAX_CONNECTIONS_PER_ROOM },
  "max-rooms": { least: 1, fallback: DEFAULT_MAX_ROOMS },
  "presenter-grace": { least: 0, fallback: DEFAULT_PRESENTER_GRACE_MS / 1000 },
  "joins-per-minute": { least: 1, fallback: DEFAULT_ADDRESS_LIMITS.joinsPerMinute },
  "guesses-per-minute": { least: 1, fallback: DEFAULT_ADDRESS_LIMITS.guessesPerMinute },
  "rooms-per-address": { least: 1, fallback: DEFAULT_ADDRESS_LIMITS.rooms },
  "phones-per-address": { least: 1, fallback: DEFAULT_ADDRESS_LIMITS.phonesPerRoom },
  "connections-per-address": { least: 2, fallback: DEFAULT_SOCKET_LIMITS.connectionsPerAddress },
  "pending-per-address": { least: 1, fallback: DEFAULT_SOCKET_LIMITS.pendingPerAddress },
  "silent-per-address": { least: 1, fallback: DEFAULT_SOCKET_LIMITS.silentPerAddress },
  "idle-timeout": { least: 1, fallback: DEFAULT_SOCKET_LIMITS.idleMs / 1000 },
} as const;
type NumberOption = keyof typeof NUMBERS;

/** The options `roomArgs` reads, for the message about one it does not know. */
export const ROOM_OPTIONS = [
  "--port",
  "--host",
  "--allow-origin",
  "--trust-proxy",
  ...Object.keys(NUMBERS).map((name) => `--${name}`),
];

/** Reads the command line; a bad or unknown option exits with one line naming it. */
export function roomArgs(defaults: { port: number; host: string }, args = process.argv.slice(2)): RoomServerArgs {
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    values = parseArgs({
      args,
      options: {
        port: { type: "string" },
        host: { type: "string" },
        "allow-origin": { type: "string", multiple: true },
        "trust-proxy": { type: "boolean" },
        ...Object.fromEntries(Object.keys(NUMBERS).map((name) => [name, { type: "string" as const }])),
      },
    }).values;
  } catch (error) {
    const option = /'(-[^' ]*)/.exec((error as Error).message)?.[1];
    fail(
      (error as { code?: string }).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && option
        ? `Unknown option ${option}; the options are ${ROOM_OPTIONS.join(", ")}.`
        : `${option ?? "An option"} ${/argument missing/.test((error as Error).message) ? "needs a value" : "is not understood"}; the options are ${ROOM_OPTIONS.join(", ")}.`,
    );
  }
  const port = Number(values.port ?? process.env.PORT ?? defaults.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`--port must be a whole number from 0 to 65535, not "${values.port ?? process.env.PORT}"`);
  const number = (name: NumberOption): number => {
    const given = values[name] as string | undefined;
    const value = Number(given ?? NUMBERS[name].fallback);
    if (!Number.isInteger(value) || value < NUMBERS[name].least)
      fail(`--${name} must be a whole number of ${NUMBERS[name].least} or more, not "${given}"`);
    return value;
  };
  const allowOrigins = ((values["allow-origin"] as string[] | undefined) ?? []).map((origin) => {
    try {
      const url = new URL(origin);
      if (url.protocol === "http:" || url.protocol === "https:") return url.origin;
    } catch {
      // said below
    }
    return fail(`--allow-origin must be a site's origin such as https://lab.example.org, not "${origin}"`);
  });
  return {
    port,
    host: (values.host as string | undefined) ?? defaults.host,
    maxConnectionsPerRoom: number("max-per-room"),
    maxRooms: number("max-rooms"),
    presenterGraceMs: number("presenter-grace") * 1000,
    perAddress: {
      joinsPerMinute: number("joins-per-minute"),
      guessesPerMinute: number("guesses-per-minute"),
      rooms: number("rooms-per-address"),
      phonesPerRoom: number("phones-per-address"),
    },
    sockets: {
      connectionsPerAddress: number("connections-per-address"),
      pendingPerAddress: number("pending-per-address"),
      silentPerAddress: number("silent-per-address"),
      idleMs: number("idle-timeout") * 1000,
    },
    allowOrigins,
    trustProxy: values["trust-proxy"] === true,
  };
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

/** Why the server could not start, in one line for the person who started it. */
export class RoomStartError extends Error {}

/** This process's limit on open file descriptors (soft), from /proc on Linux; null elsewhere. */
export function descriptorLimit(): number | null {
  try {
    const line = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync("/proc/self/limits", "utf8"));
    return line && line[1] !== "unlimited" ? Number(line[1]) : null;
  } catch {
    return null;
  }
}
/** Descriptors kept free of connections: the site's files, logs and Node's own. */
const RESERVED_DESCRIPTORS = 64;
/** Request headers the room's server accepts: a lab link with the longest scenario code fits. */
const ROOM_MAX_HEADER_SIZE = 64 * 1024;

const json = (res: ServerResponse, body: unknown) =>
  res
    .writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" })
    .end(JSON.stringify(body));

/** Starts the server; `site` also serves out/. Resolves once it listens, with the address phones should use. */
export async function startRoomServer(args: RoomServerArgs, site: boolean) {
  if (site) await requireBuild();
  const serveSite = site ? staticHandler() : null;
  let publicOrigin = "";
  const server = createServer(
    // Headers are bounded in size and time: a request that has not finished them in 10 s is closed.
    {
      maxHeaderSize: ROOM_MAX_HEADER_SIZE,
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      connectionsCheckingInterval: 2_000,
    },
    (req: IncomingMessage, res: ServerResponse) => {
      const { pathname } = new URL(req.url ?? "/", "http://localhost");
      // The site asks where its relay is, and the address for the join link, from the address it was loaded by.
      if (pathname === "/room.json") return json(res, { relay: RELAY_PATH, join: `${publicOrigin}/room/` });
      if (serveSite) return void serveSite(req, res);
      res
        .writeHead(200, { "Content-Type": "text/plain; charset=utf-8" })
        .end(`Lease Lab vote relay: connect by WebSocket at ${RELAY_PATH}\n`);
    },
  );
  const descriptors = descriptorLimit();
  // Past this many connections the server refuses new ones at once, rather than run out of descriptors.
  server.maxConnections = descriptors === null ? 10_000 : Math.max(16, descriptors - RESERVED_DESCRIPTORS);
  const relay = attachRelay(server, {
    path: RELAY_PATH,
    maxConnectionsPerRoom: args.maxConnectionsPerRoom,
    maxRooms: args.maxRooms,
    presenterGraceMs: args.presenterGraceMs,
    perAddress: args.perAddress,
    sockets: args.sockets,
    allowOrigins: args.allowOrigins,
    trustProxy: args.trustProxy,
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: Error & { code?: string }) => {
      const where = `${args.host}:${args.port}`;
      if (error.code === "EADDRINUSE")
        reject(
          new RoomStartError(
            `Port ${args.port} is in use on ${args.host}: stop what holds it, or pass --port with another.`,
          ),
        );
      else if (error.code === "ENOTFOUND" || error.code === "EAI_AGAIN" || error.code === "EADDRNOTAVAIL")
        reject(
          new RoomStartError(
            `Cannot listen on --host ${args.host}: it is not an address of this machine (try 0.0.0.0 or 127.0.0.1).`,
          ),
        );
      else if (error.code === "EACCES")
        reject(new RoomStartError(`Not allowed to listen on ${where}: pick a port above 1023.`));
      else reject(new RoomStartError(`Cannot listen on ${where}: ${error.message}`));
    });
    server.listen(args.port, args.host, resolve);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : args.port;
  const everywhere = args.host === "0.0.0.0" || args.host === "::";
  const host = everywhere ? (lanAddress() ?? "127.0.0.1") : args.host;
  publicOrigin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const limits = [
    `at most ${server.maxConnections} connections at once (${descriptors === null ? "descriptor limit unknown" : `descriptor limit ${descriptors}`})`,
    `per address${args.trustProxy ? " (the last X-Forwarded-For hop)" : ""}: ${args.sockets.connectionsPerAddress} WebSockets, ${args.sockets.pendingPerAddress} not yet in a room, ${args.sockets.silentPerAddress} sockets that have not yet sent a request, ${args.perAddress.joinsPerMinute} joins and ${args.perAddress.guessesPerMinute} code guesses a minute, ${args.perAddress.rooms} rooms, ${args.perAddress.phonesPerRoom} phones in a room`,
    `origins: this site${args.allowOrigins.length ? `, ${args.allowOrigins.join(", ")}` : ""} and pages on this machine`,
  ];

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await relay.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    console.log(`\nThe room is closed; nothing was kept. ${describeDrops(relay.stats())}`);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => void stop().then(() => process.exit(0)));
  return { origin: publicOrigin, everywhere, limits, stop, stats: relay.stats };
}

/** The join link as a QR code for a terminal, two rows of modules per line. */
export const terminalQr = (url: string) => renderUnicodeCompact(url, { border: 2 });

/** Starts the server for a command; a reason it cannot start is said in one line, and it exits. */
export async function startOrExplain(args: RoomServerArgs, site: boolean) {
  try {
    return await startRoomServer(args, site);
  } catch (error) {
    if (!(error instanceof RoomStartError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}
