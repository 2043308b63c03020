/**
 * The timeline's geometry in pixels: where each lane sits, how tall it is, and where the rows
 * inside a lane are (belief bar, work, pause, labels), so every layer draws in the same places.
 * Clients get the tallest lanes: they carry belief, work and pauses; storage has write marks and
 * their labels; service nodes carry leases.
 */
import type { Lane, LaneKind } from "./timelineModel";

export interface LaneBox {
  lane: Lane;
  top: number;
  height: number;
}

export interface TimelineLayout {
  boxes: LaneBox[];
  byId: Map<string, LaneBox>;
  /** Client lanes left out (timelineLayout's maxClients), and the row that says so; null when every lane is drawn. */
  moreClients: { count: number; top: number; height: number } | null;
  /** The strip above the lanes where violation marks sit. */
  violationsTop: number;
  lanesTop: number;
  lanesBottom: number;
  axisTop: number;
  height: number;
  /** The size of the diagram's text, in diagram px: the lab's LAB_TEXT_PX, larger on a room's slide. */
  textPx: number;
}

const LANE_HEIGHT: Record<LaneKind, number> = { client: 54, service: 42, storage: 66 };
const COMPACT_CLIENT_HEIGHT = 40;
const VIOLATION_STRIP = 26;
const AXIS_HEIGHT = 30;
const MORE_ROW_HEIGHT = 26;
/** The lab's text size, in px, which the heights above are made for. */
export const LAB_TEXT_PX = 11;

export interface LayoutOptions {
  /** Every lane at least this tall: a room's larger lane labels need it. */
  minLaneHeight?: number;
  /** Draw only the first this many clients' lanes and a row saying how many more there are… */
  maxClients?: number;
  /** …when there are more clients than this (none by default: any count over maxClients). */
  groupAbove?: number;
  /**
   * The diagram's text size in diagram px (LAB_TEXT_PX by default). Each lane has two rows of
   * text (a label over its bar, a note under it), and the violation strip and the axis one each,
   * so larger text makes them taller by as much as it is larger.
   */
  textPx?: number;
}

/**
 * Lane positions; with many clients, client lanes are compact so the diagram stays readable, and
 * past `maxClients` the rest are one row ("…and 56 more clients") so the point stays in view.
 */
export function timelineLayout(
  lanes: readonly Lane[],
  { minLaneHeight = 0, maxClients = Infinity, groupAbove = maxClients, textPx = LAB_TEXT_PX }: LayoutOptions = {},
): TimelineLayout {
  const grow = Math.max(0, textPx - LAB_TEXT_PX);
  const clients = lanes.filter((l) => l.kind === "client").length;
  const hidden = clients > groupAbove ? Math.max(0, clients - maxClients) : 0;
  const shown = clients - hidden;
  const heightOf = (kind: LaneKind) =>
    Math.max(minLaneHeight, (kind === "client" && shown > 8 ? COMPACT_CLIENT_HEIGHT : LANE_HEIGHT[kind]) + 2 * grow);
  const boxes: LaneBox[] = [];
  let moreClients: TimelineLayout["moreClients"] = null;
  const strip = VIOLATION_STRIP + grow;
  const moreRow = MORE_ROW_HEIGHT + grow;
  let y = strip;
  let client = 0;
  for (const lane of lanes) {
    if (lane.kind === "client" && ++client > shown) {
      if (!moreClients) {
        moreClients = { count: hidden, top: y, height: moreRow };
        y += moreRow;
      }
      continue;
    }
    const height = heightOf(lane.kind);
    boxes.push({ lane, top: y, height });
    y += height;
  }
  return {
    boxes,
    moreClients,
    byId: new Map(boxes.map((b) => [b.lane.id, b])),
    violationsTop: 0,
    lanesTop: strip,
    lanesBottom: y,
    axisTop: y,
    height: y + AXIS_HEIGHT + grow,
    textPx,
  };
}

/**
 * Rows inside a lane, in pixels from the top of the diagram: a label row, the bar (belief on a
 * client's lane, lease on a service's), a row under it for pauses and work, and a note row.
 * `textPx` is the layout's: text larger than the lab's pushes the rows under the label down by
 * as much (the lane is taller by twice that, see timelineLayout).
 */
export function laneRows(box: LaneBox, textPx = LAB_TEXT_PX) {
  const { top, height } = box;
  const grow = Math.max(0, textPx - LAB_TEXT_PX);
  const compact = height - 2 * grow < 50;
  return {
    label: top + grow + (compact ? 10 : 12),
    barTop: top + grow + (compact ? 12 : 15),
    barHeight: compact ? 10 : 12,
    pauseTop: top + grow + (compact ? 24 : 30),
    pauseHeight: compact ? 8 : 10,
    workTop: top + grow + (compact ? 26 : 33),
    note: top + height - (compact ? 2 : 4),
    mid: top + height / 2,
  };
}
