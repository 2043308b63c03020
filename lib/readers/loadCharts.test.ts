import { describe, expect, it } from "vitest";
import {
  chartBox,
  decadeTicks,
  rateScale,
  secondsLabel,
  seriesPath,
  ticksOf,
  timeScale,
  valueScale,
} from "./loadCharts";

const box = chartBox(300, 150);

describe("chart geometry", () => {
  it("fits the plot inside the margins", () => {
    expect(box).toEqual({ left: 56, right: 286, top: 12, bottom: 114 });
  });

  it("scales time across and values up from the bottom, to a round maximum", () => {
    const x = timeScale(60_000, box);
    const y = valueScale(14.5, box);
    expect(x(0)).toBe(56);
    expect(x(60_000)).toBe(286);
    expect(y(0)).toBe(114);
    expect(y.domain()[1]).toBe(15);
    expect(valueScale(0, box).domain()).toEqual([0, 1]);
  });

  it("draws a per-second series as steps to the end of the run", () => {
    const x = timeScale(3000, { left: 0, right: 300, top: 0, bottom: 100 });
    const y = valueScale(10, { left: 0, right: 300, top: 0, bottom: 100 });
    expect(seriesPath([0, 10, 5], 1000, 3000, x, y)).toBe("M0,100L100,100L100,0L200,0L200,50L300,50");
  });

  it("leaves a gap where a bucket has no value, ending the previous step at its second's end", () => {
    const x = timeScale(3000, { left: 0, right: 300, top: 0, bottom: 100 });
    const y = valueScale(10, { left: 0, right: 300, top: 0, bottom: 100 });
    expect(seriesPath([10, 0, 5], 1000, 3000, x, y, (i) => i !== 1)).toBe("M0,0L100,0M200,50L300,50");
  });

  it("labels seconds and decades", () => {
    expect(ticksOf(timeScale(60_000, box), 4, secondsLabel).map((t) => t.label)).toEqual([
      "0 s",
      "20 s",
      "40 s",
      "60 s",
    ]);
    expect(decadeTicks(rateScale(1, 1000, box), String).map((t) => t.label)).toEqual(["1", "10", "100", "1000"]);
  });
});
