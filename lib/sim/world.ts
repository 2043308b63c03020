/**
 * What every part of a run shares: the kernel, the network, the scenario, and the two ways
 * processes talk — a request with a client-side timeout, and a service node's queue, which serves
 * requests one at a time at `capacityOpsPerSec` (a request takes effect, and its reply leaves,
 * when its service ends).
 */
import type { Kernel, Proc, Timer } from "./kernel";
import type { Message, Network } from "./network";
import type { Rng } from "./rng";
import type { ResolvedScenario } from "./scenario";
import { SeriesRecorder } from "./series";

export const REQUEST_TIMEOUT_MS = 1000;

/**
 * A wire protocol: each message a client sends a service (or storage), by its `type`, with the
 * fields it carries and the replies it can get (`never` for one that expects no answer). Each
 * service declares its own, so a handler and a client library read fields the protocol names,
 * and a reply is compared against the replies it can be, never against a string it cannot.
 */
export type Protocol = Record<string, { request: object; reply: Message }>;

/** A request of protocol `P` (of type `K`, or of any type): its `type` and its fields. */
export type RequestOf<P extends Protocol, K extends keyof P = keyof P> = K extends string
  ? { type: K } & P[K]["request"]
  : never;

/** The replies a request of type `K` of protocol `P` can get. */
export type ReplyOf<P extends Protocol, K extends keyof P = keyof P> = P[K]["reply"];

export interface Reply<R extends Message = Message> {
  (reply: R): void;
}

export interface RequestHandlers<R extends Message = Message> {
  reply(msg: R): void;
  timeout(): void;
}

/** Handles a request that arrived at a node; answers through `respond`, now, later or never. */
export type RequestHandler<Req extends Message = Message, Rep extends Message = Message> = (
  node: string,
  from: string,
  msg: Req,
  respond: Reply<Rep>,
) => void;

/** A service node's request queue: how long a request takes, until when it is busy, and for how long it has been. */
interface NodeQueue {
  proc: Proc;
  serviceMs: number;
  busyUntil: number;
  busyMs: number;
  /** Its busy time per second of the run, for the series. */
  bins: Float64Array;
}

export class World {
  private nextGrant = 1;
  /** The queue of every node the service serves from, found by one lookup per request. */
  private readonly queues = new Map<string, NodeQueue>();
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

  private handler: RequestHandler = () => {};
  private storageHandler: RequestHandler = () => {};

  /**
   * How messages travel, for the wires alone: a service and its clients reach it only through
   * `wire<P>()`, which types every message by the service's protocol.
   */
  private readonly transport: Transport = {
    request: (from, to, msg, handlers, timeoutMs) => {
      const request = new PendingRequest(this, this.kernel.proc(from), this.kernel.proc(to), msg, handlers);
      request.timer = this.kernel.sleep(request.sender, timeoutMs, request.timedOut, request);
      this.network.transmit(request.sender, request.receiver, msg, request.arrived, request);
    },
    tell: (from, to, msg) => this.network.send(from, to, msg, () => this.receive(to, from, msg, () => {})),
    push: (from, to, msg, onArrive) => this.network.send(from, to, msg, onArrive),
    serve: (nodes, capacityOpsPerSec, handler) => {
      for (const node of nodes)
        this.queues.set(node, {
          proc: this.kernel.proc(node),
          serviceMs: 1000 / capacityOpsPerSec,
          busyUntil: 0,
          busyMs: 0,
          bins: this.series.busyBins(node),
        });
      this.handler = handler;
    },
    serveStorage: (handler) => {
      this.storageHandler = handler;
    },
  };

  /**
   * The world's messages, as protocol `P` types them: what a service or storage and its clients
   * say, and `Push`, what its nodes push to clients unasked (a watch's notification).
   */
  wire<P extends Protocol, Push extends Message = never>(): Wire<P, Push> {
    return new Wire<P, Push>(this.transport);
  }

  /** A message that reached `node`: the storage handles it at once, a service node queues it. */
  receive(node: string, from: string, msg: Message, respond: Reply): void {
    if (node === "storage") {
      this.storageHandler(node, from, msg, respond);
      return;
    }
    const queue = this.queues.get(node);
    if (queue === undefined) return;
    const kernel = this.kernel;
    const start = Math.max(kernel.now, queue.busyUntil);
    const end = start + queue.serviceMs;
    queue.busyUntil = end;
    queue.busyMs += queue.serviceMs;
    this.series.busyFor(queue.bins, start, end);
    const proc = queue.proc;
    kernel.timerAt(proc, "monotonic", proc.clock.mono(end), () => this.handler(node, from, msg, respond));
  }

  /** The busy fraction of the busiest service node over the run. */
  utilization(): number {
    let busiest = 0;
    for (const queue of this.queues.values()) busiest = Math.max(busiest, queue.busyMs);
    return Math.min(1, busiest / this.scenario.durationMs);
  }
}

/** How a message travels, whatever its protocol: the wires type what goes in. */
interface Transport {
  request(from: string, to: string, msg: Message, handlers: RequestHandlers, timeoutMs: number): void;
  tell(from: string, to: string, msg: Message): void;
  push(from: string, to: string, msg: Message, onArrive: () => void): void;
  serve(nodes: string[], capacityOpsPerSec: number, handler: RequestHandler): void;
  serveStorage(handler: RequestHandler): void;
}

/**
 * One protocol's view of the world: `request`, `tell`, `push` and `serve` with the messages and
 * replies that protocol names. A service makes one when it starts and uses it for all its messages.
 */
export class Wire<P extends Protocol, Push extends Message = never> {
  constructor(private readonly transport: Transport) {}

  /**
   * Sends a request from a client and waits for the answer on the client's own clock. A request
   * with no answer in time has failed for the client, though it may still take effect.
   */
  request<K extends keyof P & string>(
    from: string,
    to: string,
    msg: RequestOf<P, K>,
    handlers: RequestHandlers<ReplyOf<P, K>>,
    timeoutMs = REQUEST_TIMEOUT_MS,
  ): void {
    // The protocol pairs each request with its replies; the queue in between carries any message.
    this.transport.request(from, to, msg, handlers as RequestHandlers, timeoutMs);
  }

  /** A request that expects no answer (a release): handled like any other on arrival. */
  tell<K extends keyof P & string>(from: string, to: string, msg: RequestOf<P, K>): void {
    this.transport.tell(from, to, msg);
  }

  /** A message a service node pushes to a client unasked (a watch's notification); `onArrive` is the client's. */
  push(from: string, to: string, msg: Push, onArrive: () => void): void {
    this.transport.push(from, to, msg, onArrive);
  }

  /**
   * Registers the service's request handler and each node's capacity (ops per second). Only the
   * service's own clients send to its nodes, so every message that reaches the handler is one of
   * its protocol's requests.
   */
  serve(nodes: string[], capacityOpsPerSec: number, handler: RequestHandler<RequestOf<P>, ReplyOf<P>>): void {
    this.transport.serve(nodes, capacityOpsPerSec, handler as unknown as RequestHandler);
  }

  serveStorage(handler: RequestHandler<RequestOf<P>, ReplyOf<P>>): void {
    this.transport.serveStorage(handler as unknown as RequestHandler);
  }
}

/**
 * A request in flight: its reply and its timeout race, and whichever comes first settles it for
 * the client. Its steps are methods that the kernel calls on it, rather than closures: requests
 * are most of a run's steps, and one object per request costs less than a closure per step.
 */
class PendingRequest {
  settled = false;
  timer: Timer | null = null;
  readonly incarnation: number;

  constructor(
    private readonly world: World,
    readonly sender: Proc,
    readonly receiver: Proc,
    private readonly msg: Message,
    private readonly handlers: RequestHandlers,
  ) {
    this.incarnation = sender.incarnation;
  }

  timedOut(this: PendingRequest): void {
    if (this.settled) return;
    this.settled = true;
    this.world.timeouts++;
    this.world.kernel.log({ kind: "timeout", proc: this.sender.id, to: this.receiver.id, msg: this.msg.type });
    this.handlers.timeout();
  }

  arrived(this: PendingRequest): void {
    const { world, sender, receiver } = this;
    world.receive(receiver.id, sender.id, this.msg, (reply) =>
      world.network.transmit(receiver, sender, reply, () => this.replied(reply)),
    );
  }

  private replied(reply: Message): void {
    if (this.settled || this.sender.incarnation !== this.incarnation) return;
    this.settled = true;
    this.timer!.cancel();
    this.handlers.reply(reply);
  }
}
