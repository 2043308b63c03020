import { describe, expect, it } from "vitest";
import { LAB_TEXT_PX, laneRows, timelineLayout } from "./timelineLayout";
import type { Lane } from "./timelineModel";

const lanes = (clients: number): Lane[] => [
  ...Array.from({ length: clients }, (_, i): Lane => ({ id: `c${i + 1}`, kind: "client", clientNumber: i + 1 })),
  { id: "k8s", kind: "service", clientNumber: null },
  { id: "storage", kind: "storage", clientNumber: null },
];

describe("the timeline's lanes", () => {
  it("group a large run's clients: the first few get a lane, one row says how many more there are", () => {
    const layout = timelineLayout(lanes(64), { maxClients: 8, groupAbove: 12 });
    expect(layout.boxes.map((b) => b.lane.id)).toEqual([
      "c1",
      "c2",
      "c3",
      "c4",
      "c5",
      "c6",
      "c7",
      "c8",
      "k8s",
      "storage",
    ]);
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

describe("the timeline's lanes at a larger text size", () => {
  const lab = timelineLayout(lanes(2));
  const room = timelineLayout(lanes(2), { textPx: 20 });

  it("are the lab's at the lab's text size", () => {
    expect(timelineLayout(lanes(2), { textPx: LAB_TEXT_PX })).toEqual(lab);
    expect(lab.textPx).toBe(LAB_TEXT_PX);
  });

  it("grow by the two rows of text in each lane, and by one in the violation strip and the axis", () => {
    const grow = 20 - LAB_TEXT_PX;
    expect(room.boxes.map((b) => b.height)).toEqual(lab.boxes.map((b) => b.height + 2 * grow));
    expect(room.lanesTop).toBe(lab.lanesTop + grow);
    expect(room.height - room.axisTop).toBe(lab.height - lab.axisTop + grow);
  });

  it("keep a lane's label clear of the lane above and its note under its bar", () => {
    for (const box of room.boxes) {
      const rows = laneRows(box, room.textPx);
      // A line of text rises about 0.8 of its size above its baseline.
      expect(rows.label - 0.8 * room.textPx).toBeGreaterThanOrEqual(box.top);
      expect(rows.barTop).toBeGreaterThan(rows.label);
      expect(rows.note - 0.8 * room.textPx).toBeGreaterThanOrEqual(rows.barTop + rows.barHeight);
      expect(rows.note).toBeLessThanOrEqual(box.top + box.height);
    }
  });
});
