/**
 * What every part of a run shares: the kernel, the network, the scenario, and the two ways
 * processes talk — a request with a client-side timeout, and a service node's queue, which serves
 * requests one at a time at `capacityOpsPerSec` (a request takes effect, and its reply leaves,
 * when its service ends).
 */
import type { Kernel } from "./kernel";
import type { Message, Network } from "./network";
import type { Rng } from "./rng";
import type { ResolvedScenario } from "./scenario";
import { SeriesRecorder } from "./series";

export const REQUEST_TIMEOUT_MS = 1000;

export interface Reply {
  (reply: Message): void;
}

export interface RequestHandlers {
  reply(msg: Message): void;
  timeout(): void;
}

/** Handles a request that arrived at a node; answers through `respond`, now, later or never. */
export type RequestHandler = (node: string, from: string, msg: Message, respond: Reply) => void;

export class World {
  private nextGrant = 1;
  private readonly busyUntil = new Map<string, number>();
  readonly busyMs = new Map<string, number>();
  timeouts = 0;
  readonly series: SeriesRecorder;

  constructor(
    readonly kernel: Kernel,
    readonly network: Network,
    readonly scenario: ResolvedScenario,
    /** Draws for clients' own choices (work times, retry delays). */
    readonly rng: Rng,
  ) {
    this.series = new SeriesRecorder(() => kernel.now, scenario.durationMs);
  }

  grantId(): number {
    return this.nextGrant++;
  }

  /**
   * Sends a request from a client and waits for the answer on the client's own clock. A request
   * with no answer in time has failed for the client, though it may still take effect.
   */
  request(from: string, to: string, msg: Message, handlers: RequestHandlers, timeoutMs = REQUEST_TIMEOUT_MS): void {
    const kernel = this.kernel;
    const sender = kernel.proc(from);
    const incarnation = sender.incarnation;
    let settled = false;
    const timer = kernel.sleep(sender, timeoutMs, () => {
      if (settled) return;
      settled = true;
      this.timeouts++;
      kernel.log({ kind: "timeout", proc: from, to, msg: msg.type });
      handlers.timeout();
    });
    this.network.send(from, to, msg, () =>
      this.receive(to, from, msg, (reply) => {
        this.network.send(to, from, reply, () => {
          if (settled || sender.incarnation !== incarnation) return;
          settled = true;
          timer.cancel();
          handlers.reply(reply);
        });
      }),
    );
  }

  /** A request that expects no answer (a release): handled like any other on arrival. */
  tell(from: string, to: string, msg: Message): void {
    this.network.send(from, to, msg, () => this.receive(to, from, msg, () => {}));
  }

  /** A message a service node pushes to a client (a watch notification). */
  push(from: string, to: string, msg: Message, onArrive: () => void): void {
    this.network.send(from, to, msg, onArrive);
  }

  private handler: RequestHandler = () => {};
  private capacity = new Map<string, number>();
  private storageHandler: RequestHandler = () => {};

  /** Registers the service's request handler and each node's capacity (ops per second). */
  serve(nodes: string[], capacityOpsPerSec: number, handler: RequestHandler): void {
    for (const node of nodes) this.capacity.set(node, capacityOpsPerSec);
    this.handler = handler;
  }

  serveStorage(handler: RequestHandler): void {
    this.storageHandler = handler;
  }

  private receive(node: string, from: string, msg: Message, respond: Reply): void {
    if (node === "storage") {
      this.storageHandler(node, from, msg, respond);
      return;
    }
    const capacity = this.capacity.get(node);
    if (capacity === undefined) return;
    const kernel = this.kernel;
    const serviceMs = 1000 / capacity;
    const start = Math.max(kernel.now, this.busyUntil.get(node) ?? 0);
    const end = start + serviceMs;
    this.busyUntil.set(node, end);
    this.busyMs.set(node, (this.busyMs.get(node) ?? 0) + serviceMs);
    this.series.busyFor(node, start, end);
    const proc = kernel.proc(node);
    kernel.timerAt(proc, "monotonic", proc.clock.mono(end), () => this.handler(node, from, msg, respond));
  }

  /** The busy fraction of the busiest service node over the run. */
  utilization(): number {
    let busiest = 0;
    for (const ms of this.busyMs.values()) busiest = Math.max(busiest, ms);
    return Math.min(1, busiest / this.scenario.durationMs);
  }
}
