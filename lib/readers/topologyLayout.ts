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
/** Room for the name and clock, the state, and three lines of what a client believes ("believes it holds the lock · token 12 · its lease has ended"): at 80 the third was cut. */
export const NODE_HEIGHT = 96;
export const GROUP_PAD = 16;
export const GROUP_LABEL = 22;

/** The sizes a layout is drawn with, in layout px: the lab's, or a room's (roomMetrics) for larger type. */
export interface TopologyMetrics {
  clientWidth: number;
  /** A service node's card, and storage's. */
  serviceWidth: number;
  clientHeight: number;
  /** A service node's card, and storage's. */
  serviceHeight: number;
  /** Between two cards in a column. */
  rowGap: number;
  /** Between a Redis primary and its replica: the replication's label sits there. */
  replicationGap: number;
  columnGap: number;
  /** From the clients' column to the service's: the links' length. */
  linkSpan: number;
  storageGap: number;
  groupPad: number;
  groupLabel: number;
  /** A room's cards draw all their text at this size; null: the lab's sizes (12 px, names 14 px, leases 10 px). */
  textPx: number | null;
}

export const LAB_METRICS: TopologyMetrics = {
  clientWidth: NODE_WIDTH,
  serviceWidth: NODE_WIDTH,
  clientHeight: NODE_HEIGHT,
  serviceHeight: NODE_HEIGHT,
  rowGap: 16,
  replicationGap: 16,
  columnGap: 24,
  linkSpan: 210,
  storageGap: 40,
  groupPad: GROUP_PAD,
  groupLabel: GROUP_LABEL,
  textPx: null,
};

/**
 * A room's sizes for cards whose text is `textPx` layout px, all of it one size, in lines of
 * ROOM_LINE em (the cards set their line height to it): a service's or storage's card holds two
 * lines (its name and clock; its state with "no lease" or the leases it enforces, about 24
 * characters), a client's five (its name and clock; then its state and what it believes, one
 * run of text of up to about 105 characters: "paused (GC) · cut off · session disconnected ·
 * believes it holds the lock · token 3 · its lease has ended"). Every size is in proportion to
 * the text, so the text as seen depends only on the box, not on the zoom.
 */
export function roomMetrics(textPx: number): TopologyMetrics {
  const lines = (n: number) => (n * ROOM_LINE + 0.6) * textPx;
  return {
    clientWidth: 15.5 * textPx,
    serviceWidth: 14 * textPx,
    clientHeight: lines(5),
    serviceHeight: lines(2),
    rowGap: 0.6 * textPx,
    replicationGap: 1.5 * textPx,
    columnGap: textPx,
    linkSpan: 3 * textPx,
    storageGap: 1.6 * textPx,
    groupPad: 0.6 * textPx,
    groupLabel: 1.5 * textPx,
    textPx,
  };
}

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
  /** The card's size. */
  width: number;
  height: number;
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
  /** The height of the label's strip at the group's top. */
  labelHeight: number;
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
  /** The sizes the layout was made with. */
  metrics: TopologyMetrics;
}

export const linkId = (client: string, other: string) => `${client}|${other}`;

/** A room's card's line height, in em. */
export const ROOM_LINE = 1.15;

export function topologyLayout(scenario: ResolvedScenario, metrics: TopologyMetrics = LAB_METRICS): TopologyLayout {
  const {
    clientWidth,
    serviceWidth,
    clientHeight,
    serviceHeight,
    rowGap,
    replicationGap,
    columnGap,
    linkSpan,
    storageGap,
    groupPad,
    groupLabel,
  } = metrics;
  const clientRow = clientHeight + rowGap;
  const serviceRow = serviceHeight + rowGap;
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
  const clientsHeight = rows * clientRow + (twoColumns ? clientRow / 2 : 0);
  const clientCard = { width: clientWidth, height: clientHeight };
  const serviceCard = { width: serviceWidth, height: serviceHeight };
  const slot = (i: number) =>
    twoColumns
      ? {
          x: (i % 2) * (clientWidth + columnGap),
          y: Math.floor(i / 2) * clientRow + (i % 2) * (clientRow / 2),
          ...clientCard,
        }
      : { x: 0, y: i * clientRow, ...clientCard };

  own.forEach((id, i) => {
    nodes.push({ id, kind: "client", processes: [id], clientNumber: i + 1, ...slot(i) });
    nodeOf.set(id, id);
  });
  if (rest.length) {
    const id = `${rest[0]}–${rest[rest.length - 1]}`;
    nodes.push({ id, kind: "clients", processes: rest, clientNumber: null, ...slot(own.length) });
    for (const c of rest) nodeOf.set(c, id);
  }

  const serviceX = (twoColumns ? 2 * clientWidth + columnGap : clientWidth) + linkSpan;
  const ensemble = scenario.service.kind === "etcd" || scenario.service.kind === "zookeeper";
  const groupInset = ensemble ? groupLabel : 0;
  // A replica sits under its primary (the services are exactly those two), past the replication's label.
  const replicated = scenario.service.kind === "redis" && scenario.service.replica !== undefined;
  const serviceY = (i: number) => i * serviceRow + (replicated && i > 0 ? replicationGap - rowGap : 0);
  const servicesHeight = services.length ? serviceY(services.length - 1) + serviceHeight + groupInset : 0;
  const columnHeight = servicesHeight + (services.length ? storageGap : 0) + serviceHeight;
  const totalHeight = Math.max(clientsHeight - rowGap, columnHeight);
  const top = (totalHeight - columnHeight) / 2;

  services.forEach((id, i) => {
    nodes.push({
      id,
      kind: "service",
      processes: [id],
      clientNumber: null,
      x: serviceX,
      y: top + groupInset + serviceY(i),
      ...serviceCard,
    });
    nodeOf.set(id, id);
  });
  nodes.push({
    id: "storage",
    kind: "storage",
    processes: ["storage"],
    clientNumber: null,
    x: serviceX,
    y: top + servicesHeight + (services.length ? storageGap : 0),
    ...serviceCard,
  });
  nodeOf.set("storage", "storage");

  // Clients sit centred against the service column when they are fewer.
  const clientsTop = Math.max(0, (totalHeight - (clientsHeight - rowGap)) / 2);
  for (const node of nodes) if (node.kind === "client" || node.kind === "clients") node.y += clientsTop;

  const clientNodes = nodes.filter((n) => n.kind === "client" || n.kind === "clients");
  const links: TopologyLink[] = clientNodes.flatMap((c) =>
    [...services, "storage"].map((other) => ({ id: linkId(c.id, other), source: c.id, target: other })),
  );

  const replica = scenario.service.kind === "redis" ? scenario.service.replica : undefined;
  const group: TopologyGroup | null =
    ensemble && services.length
      ? {
          label: `${scenario.service.kind === "etcd" ? "etcd" : "ZooKeeper"} ensemble`,
          labelHeight: groupLabel,
          x: serviceX - groupPad,
          y: top - groupPad / 2,
          width: serviceWidth + 2 * groupPad,
          height: servicesHeight + groupPad,
        }
      : null;

  return {
    nodes,
    links,
    replication: replica ? { source: "redis", target: "replica", lagMs: replica.lagMs } : null,
    group,
    nodeOf,
    aggregated: rest.length,
    metrics,
  };
}

/** The layout's extent, in layout px: every card and the ensemble's box. */
export function topologyBounds(layout: TopologyLayout): { width: number; height: number } {
  const boxes = [...layout.nodes, ...(layout.group ? [layout.group] : [])];
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  return {
    width: Math.max(...boxes.map((b) => b.x + b.width)) - left,
    height: Math.max(...boxes.map((b) => b.y + b.height)) - top,
  };
}

/** The share of a room's box left around the picture. */
const ROOM_MARGIN = 0.04;
/** A room's card text is never smaller than the lab's, in layout px. */
const MIN_CARD_TEXT = 12;

/**
 * A room's topology in a box: the layout and the zoom that fit it there with its cards' text
 * `onScreen` px as seen, or as large as the box can hold. Every size of a room's layout is in
 * proportion to its text, so the largest text the box can hold is known from one layout; the
 * layout's text is then as small as it may be (MIN_CARD_TEXT, or what `maxZoom` requires) and
 * the zoom makes up the rest. The caller draws at exactly this zoom, so the text is seen at
 * `layout.metrics.textPx` × zoom.
 */
export function roomTopology(
  scenario: ResolvedScenario,
  box: { width: number; height: number },
  onScreen: number,
  maxZoom: number,
): { layout: TopologyLayout; zoom: number } {
  const fitOf = (layout: TopologyLayout) => {
    const { width, height } = topologyBounds(layout);
    return Math.max(0, Math.min((box.width * (1 - ROOM_MARGIN)) / width, (box.height * (1 - ROOM_MARGIN)) / height));
  };
  const seen = Math.min(onScreen, MIN_CARD_TEXT * fitOf(topologyLayout(scenario, roomMetrics(MIN_CARD_TEXT))));
  const layout = topologyLayout(scenario, roomMetrics(Math.max(MIN_CARD_TEXT, seen / maxZoom)));
  return { layout, zoom: Math.min(seen / layout.metrics.textPx!, fitOf(layout)) };
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
