import { describe, expect, it } from "vitest";
import { validateScenario, type ResolvedScenario, type Scenario } from "@/lib/sim/scenario";
import { MAX_CLIENT_NODES, NODE_HEIGHT, NODE_WIDTH, topologyCanvasSize, topologyLayout } from "./topologyLayout";

const resolve = (s: Partial<Scenario> & Pick<Scenario, "service">): ResolvedScenario => {
  const v = validateScenario({ version: 1, ...s });
  if (!v.ok) throw new Error(v.errors.join("\n"));
  return v.scenario;
};

const overlaps = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.abs(a.x - b.x) < NODE_WIDTH && Math.abs(a.y - b.y) < NODE_HEIGHT;

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
