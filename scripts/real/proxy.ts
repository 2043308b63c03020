/**
 * A small TCP proxy standing in for the network on one link (a client to a server, or the Redis
 * replica to its primary). It can hold the link's bytes (a partition: TCP keeps the connection and
 * delivers them once it heals), hold one write back (the `delay` fault: the first chunk sent at or
 * after `atMs`, and everything behind it, as TCP keeps order), or cut the link (connections
 * destroyed, new ones refused). When the client's side closes with bytes still held, the server's
 * side is reset at once, as a dead process's connection is; the held bytes then reach a connection
 * that no longer exists, and `onHeldLost` says when they would have arrived.
 */
import net from "node:net";

interface Held {
  chunk: Buffer;
  due: number;
}

interface Pair {
  client: net.Socket;
  server: net.Socket;
  up: Held[];
  down: Held[];
}

export interface LinkOptions {
  name: string;
  upstream: { host: string; port: number };
  now: () => number;
  /** Bytes held on this link were due at `dueT` but their connection had been reset. */
  onHeldLost?: (dueT: number) => void;
}

export class Link {
  private server: net.Server | null = null;
  private readonly pairs = new Set<Pair>();
  private partitioned = false;
  private cut = false;
  private delay: { atT: number; byMs: number } | null = null;
  private timers = new Set<NodeJS.Timeout>();
  /** Held bytes whose connection was reset, not yet due. */
  private lostPending = 0;
  port = 0;

  constructor(private readonly opts: LinkOptions) {}

  async listen(): Promise<number> {
    const server = net.createServer((client) => this.accept(client));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.port = (server.address() as net.AddressInfo).port;
    return this.port;
  }

  retarget(upstream: { host: string; port: number }): void {
    this.opts.upstream = upstream;
  }

  /** Hold every byte both ways until `heal()`. */
  partition(): void {
    this.partitioned = true;
  }

  heal(): void {
    this.partitioned = false;
    for (const p of this.pairs) this.pump(p);
  }

  /** The first chunk from the client at or after `atT` (and everything queued behind it) arrives `byMs` late. */
  delayFirstAfter(atT: number, byMs: number): void {
    this.delay = { atT, byMs };
  }

  /** Destroy every connection and refuse new ones (the replication link going down). */
  cutOff(): void {
    this.cut = true;
    for (const p of this.pairs) {
      p.client.destroy();
      p.server.destroy();
    }
    this.pairs.clear();
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.cutOff();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Whether bytes are still held back on any connection (the run is not over while they are). */
  get holding(): boolean {
    return this.lostPending > 0 || [...this.pairs].some((p) => p.up.length > 0 || p.down.length > 0);
  }

  private accept(client: net.Socket): void {
    client.on("error", () => {});
    if (this.cut) return void client.destroy();
    const server = net.connect(this.opts.upstream.port, this.opts.upstream.host);
    server.on("error", () => {});
    server.setNoDelay(true);
    client.setNoDelay(true);
    const pair: Pair = { client, server, up: [], down: [] };
    this.pairs.add(pair);
    client.on("data", (chunk) => {
      const now = this.opts.now();
      let due = now;
      if (this.delay && now >= this.delay.atT) {
        due = now + this.delay.byMs;
        this.delay = null;
      }
      pair.up.push({ chunk, due: Math.max(due, pair.up.at(-1)?.due ?? 0) });
      this.pump(pair);
    });
    server.on("data", (chunk) => {
      pair.down.push({ chunk, due: this.opts.now() });
      this.pump(pair);
    });
    client.on("close", () => {
      this.pairs.delete(pair);
      if (pair.up.length === 0) return void server.end();
      // A dead process's connection is reset at once; what it had sent that was still held back
      // arrives later at a connection the server has already torn down.
      server.resetAndDestroy();
      const due = pair.up[0]!.due; // not empty: checked above
      pair.up = [];
      this.lostPending++;
      this.later(due, () => {
        this.lostPending--;
        this.opts.onHeldLost?.(due);
      });
    });
    server.on("close", () => {
      this.pairs.delete(pair);
      client.destroy();
    });
  }

  private pump(p: Pair): void {
    if (this.partitioned) return;
    const now = this.opts.now();
    for (let c = p.up[0]; c && c.due <= now; c = p.up[0]) p.server.write(p.up.shift()!.chunk);
    for (let c = p.down[0]; c && c.due <= now; c = p.down[0]) p.client.write(p.down.shift()!.chunk);
    if (p.up[0]) this.later(p.up[0].due, () => this.pump(p));
  }

  private later(dueT: number, f: () => void): void {
    const t = setTimeout(
      () => {
        this.timers.delete(t);
        f();
      },
      Math.max(0, dueT - this.opts.now()),
    );
    this.timers.add(t);
  }
}
