import { createServer, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { attachRelay, clientAddress, type RelayShell, type RelayShellOptions } from "./roomRelay";

let server: Server | null = null;
let shell: RelayShell | null = null;
const opened: { close(): void }[] = [];

/** The relay on a free port of 127.0.0.1, serving a page to plain requests; resolves its port. */
async function start(options: Partial<RelayShellOptions>): Promise<number> {
  server = createServer((_req, res) => res.end("a page of the site"));
  shell = attachRelay(server, { path: "/relay", ...options });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as { port: number }).port;
}
afterEach(async () => {
  for (const o of opened.splice(0)) o.close();
  if (!server || !shell) return;
  await shell.close();
  server.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  server = shell = null;
});

/** A WebSocket to the relay; resolves whether the relay accepted it (it stays open until the test ends). */
function webSocket(port: number, headers: Record<string, string> = {}): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/relay`, { headers });
    opened.push(socket);
    socket.on("error", () => resolve(false));
    socket.once("unexpected-response", () => resolve(false));
    socket.once("open", () => resolve(true));
  });
}

/** A keep-alive connection that loads a page and stays open, as a browser's does. */
function pageLoad(port: number): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    opened.push({ close: () => socket.destroy() });
    socket.on("error", () => resolve(socket));
    socket.once("data", () => resolve(socket));
    socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n");
  });
}

describe("the client address the relay's limits are kept under", () => {
  it("is the socket's, unless told to trust the proxy's last X-Forwarded-For hop", () => {
    expect(clientAddress("127.0.0.1", "203.0.113.9", false)).toBe("127.0.0.1");
    expect(clientAddress("127.0.0.1", "198.51.100.66, 203.0.113.9", true)).toBe("203.0.113.9");
    expect(clientAddress("127.0.0.1", ["198.51.100.66", "203.0.113.9:41234"], true)).toBe("203.0.113.9");
    expect(clientAddress("127.0.0.1", "[2001:db8:0:12::1]:443", true)).toBe("2001:db8:0:12::/64");
    expect(clientAddress("::ffff:127.0.0.1", undefined, true)).toBe("127.0.0.1");
  });

  it("behind a proxy (--trust-proxy) counts each client apart, and a hop the client wrote does not move it", async () => {
    const port = await start({ trustProxy: true, sockets: { connectionsPerAddress: 2, pendingPerAddress: 2 } });
    expect(await webSocket(port, { "X-Forwarded-For": "203.0.113.9" })).toBe(true);
    expect(await webSocket(port, { "X-Forwarded-For": "10.1.1.1, 203.0.113.9" })).toBe(true);
    expect(await webSocket(port, { "X-Forwarded-For": "10.2.2.2, 203.0.113.9" })).toBe(false);
    expect(await webSocket(port, { "X-Forwarded-For": "198.51.100.4" })).toBe(true);
    expect(shell!.stats().refusedBusy).toBe(1);
  });

  it("without --trust-proxy ignores X-Forwarded-For, which anyone can send", async () => {
    const port = await start({ sockets: { connectionsPerAddress: 2, pendingPerAddress: 2 } });
    expect(await webSocket(port, { "X-Forwarded-For": "203.0.113.1" })).toBe(true);
    expect(await webSocket(port, { "X-Forwarded-For": "203.0.113.2" })).toBe(true);
    expect(await webSocket(port, { "X-Forwarded-For": "203.0.113.3" })).toBe(false);
  });
});

describe("the relay's per-address caps", () => {
  it("count WebSockets only: a class's page and asset loads through one NAT do not use them up", async () => {
    const port = await start({ sockets: { connectionsPerAddress: 2, pendingPerAddress: 1 } });
    await Promise.all(Array.from({ length: 6 }, () => pageLoad(port)));
    expect(await webSocket(port)).toBe(true);
    expect(await webSocket(port)).toBe(false);
    expect(shell!.stats().refusedBusy).toBe(1);
  });
});
