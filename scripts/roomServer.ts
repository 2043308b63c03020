/**
 * One HTTP server for the prediction room: the vote relay at /relay and, for `npm run room`, the
 * built site from out/ beside it, with /room.json telling the site where the relay is and which
 * address phones on the local network can reach. Stops cleanly on Ctrl-C or SIGTERM.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { networkInterfaces } from "node:os";
import { parseArgs } from "node:util";
import { renderUnicodeCompact } from "uqr";
import { DEFAULT_MAX_CONNECTIONS_PER_ROOM } from "../lib/room/protocol";
import { attachRelay, describeDrops } from "./roomRelay";
import { MAX_HEADER_SIZE, requireBuild, staticHandler } from "./staticSite.mjs";

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
}

/** Reads --port, --host and --max-per-room; a bad value exits with a message naming it. */
export function roomArgs(defaults: { port: number; host: string }): RoomServerArgs {
  const { values } = parseArgs({ options: { port: { type: "string" }, host: { type: "string" }, "max-per-room": { type: "string" } } });
  const port = Number(values.port ?? process.env.PORT ?? defaults.port);
  const maxConnectionsPerRoom = Number(values["max-per-room"] ?? DEFAULT_MAX_CONNECTIONS_PER_ROOM);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a whole number from 0 to 65535, not "${values.port ?? process.env.PORT}"`);
  if (!Number.isInteger(maxConnectionsPerRoom) || maxConnectionsPerRoom < 2)
    fail(`--max-per-room must be a whole number of 2 or more, not "${values["max-per-room"]}"`);
  return { port, host: values.host ?? defaults.host, maxConnectionsPerRoom };
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const json = (res: ServerResponse, body: unknown) =>
  res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" }).end(JSON.stringify(body));

/** Starts the server; `site` also serves out/. Resolves once it listens, with the address phones should use. */
export async function startRoomServer(args: RoomServerArgs, site: boolean) {
  if (site) await requireBuild();
  const serveSite = site ? staticHandler() : null;
  let publicOrigin = "";
  const server = createServer({ maxHeaderSize: MAX_HEADER_SIZE }, (req: IncomingMessage, res: ServerResponse) => {
    const { pathname } = new URL(req.url ?? "/", "http://localhost");
    // The site asks where its relay is, and the address for the join link, from the address it was loaded by.
    if (pathname === "/room.json") return json(res, { relay: RELAY_PATH, join: `${publicOrigin}/room/` });
    if (serveSite) return void serveSite(req, res);
    res.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" }).end(`Lease Lab vote relay: connect by WebSocket at ${RELAY_PATH}\n`);
  });
  const relay = attachRelay(server, { path: RELAY_PATH, maxConnectionsPerRoom: args.maxConnectionsPerRoom });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(args.port, args.host, resolve);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : args.port;
  const everywhere = args.host === "0.0.0.0" || args.host === "::";
  const host = everywhere ? (lanAddress() ?? "127.0.0.1") : args.host;
  publicOrigin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await relay.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    console.log(`\nThe room is closed; nothing was kept. ${describeDrops(relay.stats())}`);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop().then(() => process.exit(0)));
  return { origin: publicOrigin, everywhere, stop, stats: relay.stats };
}

/** The join link as a QR code for a terminal, two rows of modules per line. */
export const terminalQr = (url: string) => renderUnicodeCompact(url, { border: 2 });
