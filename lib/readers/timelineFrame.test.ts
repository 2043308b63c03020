import { describe, expect, it } from "vitest";
import { frameAround, MIN_FRAME_MS } from "./timelineFrame";

describe("framing a moment on the timeline", () => {
  it("centres a moment in a window of the minimum width", () => {
    expect(frameAround(17_000, 17_000, 60_000)).toEqual([17_000 - MIN_FRAME_MS / 2, 17_000 + MIN_FRAME_MS / 2]);
  });

  it("shows a long violation whole, with room either side", () => {
    const [t0, t1] = frameAround(10_000, 30_000, 60_000);
    expect(t0).toBeLessThan(10_000);
    expect(t1).toBeGreaterThan(30_000);
  });

  it("stays inside the run at either end", () => {
    expect(frameAround(500, 500, 60_000)).toEqual([0, MIN_FRAME_MS]);
    expect(frameAround(59_900, 59_900, 60_000)).toEqual([60_000 - MIN_FRAME_MS, 60_000]);
    expect(frameAround(0, 3000, 2000)).toEqual([0, 2000]);
  });
});
