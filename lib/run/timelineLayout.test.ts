import { describe, expect, it } from "vitest";
import { timelineLayout } from "./timelineLayout";
import type { Lane } from "./timelineModel";

const lanes = (clients: number): Lane[] => [
  ...Array.from({ length: clients }, (_, i): Lane => ({ id: `c${i + 1}`, kind: "client", clientNumber: i + 1 })),
  { id: "k8s", kind: "service", clientNumber: null },
  { id: "storage", kind: "storage", clientNumber: null },
];

describe("the timeline's lanes", () => {
  it("group a large run's clients: the first few get a lane, one row says how many more there are", () => {
    const layout = timelineLayout(lanes(64), { maxClients: 8, groupAbove: 12 });
    expect(layout.boxes.map((b) => b.lane.id)).toEqual(["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "k8s", "storage"]);
    expect(layout.moreClients).toMatchObject({ count: 56 });
    const c8 = layout.byId.get("c8")!;
    expect(layout.moreClients!.top).toBe(c8.top + c8.height);
    expect(layout.height).toBeLessThan(timelineLayout(lanes(64)).height / 4);
  });

  it("keep every lane of a run with few clients", () => {
    expect(timelineLayout(lanes(10), { maxClients: 8, groupAbove: 12 }).moreClients).toBeNull();
  });

  it("make every lane tall enough for a room's lane text", () => {
    expect(Math.min(...timelineLayout(lanes(2), { minLaneHeight: 52 }).boxes.map((b) => b.height))).toBe(52);
  });
});
