import { describe, expect, it } from "vitest";
import { validateScenario, type ResolvedScenario, type Scenario } from "@/lib/sim/scenario";
import {
  LAB_METRICS,
  MAX_CLIENT_NODES,
  NODE_HEIGHT,
  NODE_WIDTH,
  roomTopology,
  topologyBounds,
  topologyCanvasSize,
  topologyLayout,
  type TopologyNode,
} from "./topologyLayout";

const resolve = (s: Partial<Scenario> & Pick<Scenario, "service">): ResolvedScenario => {
  const v = validateScenario({ version: 1, ...s });
  if (!v.ok) throw new Error(v.errors.join("\n"));
  return v.scenario;
};

const overlaps = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.abs(a.x - b.x) < NODE_WIDTH && Math.abs(a.y - b.y) < NODE_HEIGHT;

describe("topology layout", () => {
  it("follows the service's shape: one Redis, a primary and its replica, five Redlock nodes, an ensemble, one node", () => {
    const ids = (s: ResolvedScenario) =>
      topologyLayout(s)
        .nodes.filter((n) => n.kind === "service")
        .map((n) => n.id);
    expect(ids(resolve({ service: { kind: "redis", ttlMs: 1000 } }))).toEqual(["redis"]);
    const replica = topologyLayout(resolve({ service: { kind: "redis", ttlMs: 1000, replica: { lagMs: 200 } } }));
    expect(replica.replication).toEqual({ source: "redis", target: "replica", lagMs: 200 });
    expect(ids(resolve({ service: { kind: "redlock", ttlMs: 1000 } }))).toEqual(["r1", "r2", "r3", "r4", "r5"]);
    const etcd = topologyLayout(resolve({ service: { kind: "etcd", ttlMs: 5000 } }));
    expect(etcd.group?.label).toBe("etcd ensemble");
    expect(topologyLayout(resolve({ service: { kind: "redlock", ttlMs: 1000 } })).group).toBeNull();
    expect(ids(resolve({ service: { kind: "postgres", mode: "advisory" } }))).toEqual(["pg"]);
    expect(ids(resolve({ service: { kind: "none" } }))).toEqual([]);
  });

  it("links every client with every service node and with storage", () => {
    const layout = topologyLayout(resolve({ service: { kind: "redlock", ttlMs: 1000 }, clients: { count: 3 } }));
    expect(layout.links).toHaveLength(3 * 6);
    expect(layout.links[0]).toEqual({ id: "c1|r1", source: "c1", target: "r1" });
    expect(layout.links.some((l) => l.id === "c3|storage")).toBe(true);
  });

  it("gives each of up to 16 clients its own node, and no two nodes overlap", () => {
    for (const count of [1, 2, 5, 8, 9, 16]) {
      const layout = topologyLayout(resolve({ service: { kind: "redlock", ttlMs: 1000 }, clients: { count } }));
      expect(layout.nodes.filter((n) => n.kind === "client")).toHaveLength(count);
      expect(layout.aggregated).toBe(0);
      for (const [i, a] of layout.nodes.entries())
        for (const b of layout.nodes.slice(i + 1)) expect(overlaps(a, b), `${count}: ${a.id} and ${b.id}`).toBe(false);
    }
  });

  it("aggregates the clients past the 15th into one node that carries their links", () => {
    const layout = topologyLayout(resolve({ service: { kind: "redis", ttlMs: 1000 }, clients: { count: 40 } }));
    expect(layout.nodes.filter((n) => n.kind === "client")).toHaveLength(MAX_CLIENT_NODES - 1);
    const crowd = layout.nodes.find((n) => n.kind === "clients")!;
    expect(crowd.id).toBe("c16–c40");
    expect(crowd.processes).toHaveLength(25);
    expect(layout.aggregated).toBe(25);
    expect(layout.nodeOf.get("c33")).toBe("c16–c40");
    expect(layout.nodeOf.get("c3")).toBe("c3");
    expect(layout.links.filter((l) => l.source === crowd.id).map((l) => l.target)).toEqual(["redis", "storage"]);
  });
});

describe("the lab's canvas for a layout", () => {
  const layout = topologyLayout(resolve({ service: { kind: "redlock", ttlMs: 1000 } }));
  const naturalWidth = (Math.max(...layout.nodes.map((n) => n.x)) + NODE_WIDTH) * 1.12;

  it("fills a wide box, tall enough to draw the layout at full size", () => {
    const wide = topologyCanvasSize(layout, 1200);
    expect(wide.width).toBe(1200);
    expect(wide.height).toBeGreaterThan(Math.max(...layout.nodes.map((n) => n.y)) + NODE_HEIGHT);
  });

  it("is wider than a phone's box rather than shrink the nodes past reading, and no taller than a screen", () => {
    const phone = topologyCanvasSize(layout, 358);
    expect(phone.width).toBeGreaterThan(358);
    expect(phone.width / naturalWidth).toBeGreaterThanOrEqual(0.8);
    expect(phone.height).toBeLessThanOrEqual(720);
  });
});

describe("a room's topology", () => {
  const overlapping = (a: TopologyNode, b: TopologyNode) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  it("is the lab's layout with the lab's sizes", () => {
    const s = resolve({ service: { kind: "etcd", ttlMs: 5000 } });
    expect(topologyLayout(s, LAB_METRICS)).toEqual(topologyLayout(s));
    expect(topologyLayout(s).nodes.every((n) => n.width === NODE_WIDTH && n.height === NODE_HEIGHT)).toBe(true);
  });

  it("draws its cards' text at the size asked for as seen, in a box beside a timeline on a 1920 px screen", () => {
    for (const service of [
      { kind: "etcd", ttlMs: 5000 },
      { kind: "redis", ttlMs: 30_000, replica: { lagMs: 1000 } },
      { kind: "redlock", ttlMs: 10_000 },
    ] as const) {
      const { layout, zoom } = roomTopology(resolve({ service }), { width: 860, height: 560 }, 24, 2.6);
      expect(layout.metrics.textPx! * zoom, service.kind).toBeGreaterThanOrEqual(24 - 1e-6);
      const { width, height } = topologyBounds(layout);
      expect(width * zoom).toBeLessThanOrEqual(860);
      expect(height * zoom).toBeLessThanOrEqual(560);
      for (const [i, a] of layout.nodes.entries())
        for (const b of layout.nodes.slice(i + 1)) expect(overlapping(a, b), `${a.id} and ${b.id}`).toBe(false);
    }
  });

  it("draws its text at the size asked for, no larger, in a box larger than it needs, and never under the lab's 12 px in layout px", () => {
    const { layout, zoom } = roomTopology(
      resolve({ service: { kind: "redis", ttlMs: 1000 } }),
      { width: 4000, height: 3000 },
      12,
      2.6,
    );
    expect(layout.metrics.textPx).toBe(12);
    expect(zoom).toBeCloseTo(1, 9);
    const large = roomTopology(
      resolve({ service: { kind: "redis", ttlMs: 1000 } }),
      { width: 4000, height: 3000 },
      40,
      2.6,
    );
    expect(large.zoom).toBeLessThanOrEqual(2.6);
    expect(large.layout.metrics.textPx! * large.zoom).toBeCloseTo(40, 6);
  });
});

describe("a room's topology in a box too small for it", () => {
  it("draws its text as large as the box can hold, the whole picture inside it, never clipped", () => {
    const box = { width: 358, height: 60 };
    const { layout, zoom } = roomTopology(resolve({ service: { kind: "redlock", ttlMs: 1000 } }), box, 12, 2.6);
    const { width, height } = topologyBounds(layout);
    expect(width * zoom).toBeLessThanOrEqual(box.width);
    expect(height * zoom).toBeLessThanOrEqual(box.height);
    expect(layout.metrics.textPx! * zoom).toBeLessThan(12);
    expect(layout.metrics.textPx).toBe(12);
  });
});
