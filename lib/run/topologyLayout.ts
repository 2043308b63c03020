/**
 * Where the topology view puts each process, following the lock service's shape: clients on the
 * left, the service's nodes in the middle column (one node; a primary over its replica; Redlock's
 * independent nodes; an ensemble drawn as one group), storage under them. Links are the pairs
 * that exchange messages in the model: every client with every service node and with storage.
 *
 * Up to 16 clients each get a node (two staggered columns past 8). Beyond 16 the view aggregates:
 * c1..c15 keep their own nodes and the rest share one "c16–cN" node, whose links carry their
 * messages, so the picture stays readable at 64 clients.
 */
import { clientIds, serviceNodeIds, type ResolvedScenario } from "@/lib/sim/scenario";

/** Most clients drawn one node each. */
export const MAX_CLIENT_NODES = 16;

export const NODE_WIDTH = 184;
export const NODE_HEIGHT = 80;
const ROW = 96;
const COLUMN_GAP = 24;
const LINK_SPAN = 210;
const STORAGE_GAP = 40;
export const GROUP_PAD = 16;
export const GROUP_LABEL = 22;

export type TopologyNodeKind = "client" | "clients" | "service" | "storage";

export interface TopologyNode {
  /** The process id, or "c16–c64" for the aggregate. */
  id: string;
  kind: TopologyNodeKind;
  /** The processes the node stands for: one, or the aggregated clients. */
  processes: string[];
  /** 1 for c1: picks the client's colour; null for the rest. */
  clientNumber: number | null;
  x: number;
  y: number;
}

export interface TopologyLink {
  /** "c1|redis": the two node ids, client first. */
  id: string;
  source: string;
  target: string;
}

/** A group drawn behind an ensemble's members: one system, several nodes. */
export interface TopologyGroup {
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TopologyLayout {
  nodes: TopologyNode[];
  links: TopologyLink[];
  /** The async replication from a Redis primary to its replica: drawn, but it carries no modelled messages. */
  replication: { source: string; target: string; lagMs: number } | null;
  group: TopologyGroup | null;
  /** The node that stands for each process. */
  nodeOf: Map<string, string>;
  /** How many clients share the aggregate node (0 when every client has its own). */
  aggregated: number;
}

export const linkId = (client: string, other: string) => `${client}|${other}`;

export function topologyLayout(scenario: ResolvedScenario): TopologyLayout {
  const clients = clientIds(scenario.clients.count);
  const services = serviceNodeIds(scenario.service);
  const own = clients.length > MAX_CLIENT_NODES ? clients.slice(0, MAX_CLIENT_NODES - 1) : clients;
  const rest = clients.slice(own.length);
  const nodeOf = new Map<string, string>();
  const nodes: TopologyNode[] = [];

  // Past 8 clients, two columns, the second half a row lower, so links from the first pass between.
  const twoColumns = own.length + (rest.length ? 1 : 0) > 8;
  const clientSlots = own.length + (rest.length ? 1 : 0);
  const rows = twoColumns ? Math.ceil(clientSlots / 2) : clientSlots;
  const clientsHeight = rows * ROW + (twoColumns ? ROW / 2 : 0);
  const slot = (i: number) =>
    twoColumns ? { x: (i % 2) * (NODE_WIDTH + COLUMN_GAP), y: Math.floor(i / 2) * ROW + (i % 2) * (ROW / 2) } : { x: 0, y: i * ROW };

  own.forEach((id, i) => {
    nodes.push({ id, kind: "client", processes: [id], clientNumber: i + 1, ...slot(i) });
    nodeOf.set(id, id);
  });
  if (rest.length) {
    const id = `${rest[0]}–${rest[rest.length - 1]}`;
    nodes.push({ id, kind: "clients", processes: rest, clientNumber: null, ...slot(own.length) });
    for (const c of rest) nodeOf.set(c, id);
  }

  const serviceX = (twoColumns ? 2 * NODE_WIDTH + COLUMN_GAP : NODE_WIDTH) + LINK_SPAN;
  const ensemble = scenario.service.kind === "etcd" || scenario.service.kind === "zookeeper";
  const groupInset = ensemble ? GROUP_LABEL : 0;
  const servicesHeight = services.length ? services.length * ROW - (ROW - NODE_HEIGHT) + groupInset : 0;
  const columnHeight = servicesHeight + (services.length ? STORAGE_GAP : 0) + NODE_HEIGHT;
  const totalHeight = Math.max(clientsHeight - (ROW - NODE_HEIGHT), columnHeight);
  const top = (totalHeight - columnHeight) / 2;

  services.forEach((id, i) => {
    nodes.push({ id, kind: "service", processes: [id], clientNumber: null, x: serviceX, y: top + groupInset + i * ROW });
    nodeOf.set(id, id);
  });
  nodes.push({
    id: "storage",
    kind: "storage",
    processes: ["storage"],
    clientNumber: null,
    x: serviceX,
    y: top + servicesHeight + (services.length ? STORAGE_GAP : 0),
  });
  nodeOf.set("storage", "storage");

  // Clients sit centred against the service column when they are fewer.
  const clientsTop = Math.max(0, (totalHeight - (clientsHeight - (ROW - NODE_HEIGHT))) / 2);
  for (const node of nodes) if (node.kind === "client" || node.kind === "clients") node.y += clientsTop;

  const clientNodes = nodes.filter((n) => n.kind === "client" || n.kind === "clients");
  const links: TopologyLink[] = clientNodes.flatMap((c) => [...services, "storage"].map((other) => ({ id: linkId(c.id, other), source: c.id, target: other })));

  const replica = scenario.service.kind === "redis" ? scenario.service.replica : undefined;
  const group: TopologyGroup | null =
    ensemble && services.length
      ? {
          label: `${scenario.service.kind === "etcd" ? "etcd" : "ZooKeeper"} ensemble`,
          x: serviceX - GROUP_PAD,
          y: top - GROUP_PAD / 2,
          width: NODE_WIDTH + 2 * GROUP_PAD,
          height: servicesHeight + GROUP_PAD,
        }
      : null;

  return {
    nodes,
    links,
    replication: replica ? { source: "redis", target: "replica", lagMs: replica.lagMs } : null,
    group,
    nodeOf,
    aggregated: rest.length,
  };
}

/** Below this scale a node's type is too small to read: a narrow screen scrolls the canvas instead. */
const MIN_READABLE_SCALE = 0.8;

/**
 * The canvas for a layout in a box `boxWidth` wide, at the lab's size: as wide as the box, or
 * wider where the box would shrink the nodes past reading (the caller scrolls it), and tall
 * enough for the layout at that scale, within what a screen can show.
 */
export function topologyCanvasSize(layout: TopologyLayout, boxWidth: number): { width: number; height: number } {
  const right = (Math.max(...layout.nodes.map((n) => n.x)) + NODE_WIDTH) * 1.12;
  const bottom = Math.max(...layout.nodes.map((n) => n.y)) + NODE_HEIGHT;
  const width = Math.max(boxWidth, Math.ceil(right * MIN_READABLE_SCALE));
  const scale = Math.min(1, width / right);
  return { width, height: Math.round(Math.max(200, Math.min(720, bottom * scale * 1.12 + 24))) };
}
