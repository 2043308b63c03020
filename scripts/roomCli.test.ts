/**
 * The room's command line as a person starts it (`npm run room`, `npm run room:relay`): a port in
 * use, a host it cannot listen on and an unknown option are each one line naming what was wrong,
 * with exit status 2 and no stack trace (issue 53, item 15).
 */
import { spawnSync } from "node:child_process";
import { createServer, type Server } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The command's script run as its npm script runs it; the relay alone needs no build of the site. */
function room(script: "room.ts" | "room-relay.ts", args: string[]) {
  const out = spawnSync(process.execPath, ["--import", "tsx", `scripts/${script}`, ...args], {
    cwd: root,
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: out.status, stdout: out.stdout, lines: out.stderr.trim().split("\n") };
}

describe("the room's command line refuses in one line", () => {
  let holder: Server;
  let port: number;
  beforeAll(async () => {
    // A free port, then held by this test, so the room finds it in use.
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    port = (holder.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => holder.close(() => resolve())));

  it("a port in use, naming the port and how to pick another", () => {
    const out = room("room-relay.ts", ["--host", "127.0.0.1", "--port", String(port)]);
    expect(out.lines).toEqual([
      `Port ${port} is in use on 127.0.0.1: stop what holds it, or pass --port with another.`,
    ]);
    expect(out.status).toBe(2);
    expect(out.stdout).toBe("");
  }, 40_000);

  it.each(["192.0.2.1", "no-such-host.invalid"])(
    "a host this machine cannot listen on (%s)",
    (host) => {
      const out = room("room-relay.ts", ["--host", host, "--port", "0"]);
      expect(out.lines).toEqual([
        `Cannot listen on --host ${host}: it is not an address of this machine (try 0.0.0.0 or 127.0.0.1).`,
      ]);
      expect(out.status).toBe(2);
      expect(out.stdout).toBe("");
    },
    40_000,
  );

  it("an unknown option, with the options there are", () => {
    const out = room("room.ts", ["--prot", "4000"]);
    expect(out.lines).toHaveLength(1);
    expect(out.lines[0]).toMatch(/^Unknown option --prot; the options are --port, --host, .*--idle-timeout\.$/);
    expect(out.status).toBe(2);
    expect(out.stdout).toBe("");
  }, 40_000);
});
