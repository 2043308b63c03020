import type { ScaleLinear } from "d3-scale";
import type { TimelineModel } from "@/lib/readers/timelineModel";
import { LAB_TEXT_PX, type TimelineLayout } from "@/lib/readers/timelineLayout";

/** What every layer of the timeline draws from: the run's model, lane positions and the time scale. */
export interface LayerProps {
  model: TimelineModel;
  layout: TimelineLayout;
  /** True time (ms) → x in pixels, for the visible window. */
  x: ScaleLinear<number, number>;
  /** The visible window of true time. */
  domain: [number, number];
  /** Nothing after this true time is drawn (predict mode); Infinity otherwise. */
  limitT: number;
}

/** Roughly how wide a label is at `textPx` type (the lab's 11 px by default), to skip labels that would not fit. */
export function labelWidth(text: string, textPx = LAB_TEXT_PX): number {
  return (text.length * 6.2 * textPx) / LAB_TEXT_PX + 4;
}

/** A coordinate to hundredths of a pixel: a long path's text stays short, and no one sees the difference. */
export const hundredths = (v: number) => Math.round(v * 100) / 100;

/** One rectangle as a subpath, so that many rectangles of one style are drawn as a single path. */
export function rectPath(x: number, y: number, width: number, height: number): string {
  const w = hundredths(width);
  return `M${hundredths(x)} ${hundredths(y)}h${w}v${hundredths(height)}h${-w}z`;
}

/** Events less than 2 px apart on screen look like one: the true time that spans, for stepping (nextStop). */
export function stepGapOf([d0, d1]: readonly [number, number], plotWidthPx: number): number {
  return plotWidthPx > 0 ? ((d1 - d0) / plotWidthPx) * 2 : 0;
}
