import { describe, expect, it } from "vitest";
import { judgeWork, MAX_WORK_EVENTS, parseMaxWork } from "./cliWork";

const io = () => {
  const lines: string[] = [];
  return { lines, io: { report: (line: string) => void lines.push(line), now: () => 0 } };
};
const seeds = (runs: number, eventsPerRun: number) => ({ runs, eventsPerRun, noun: "seeds", shrink: "fewer seeds" });

describe("judgeWork", () => {
  it("lets a short batch start without a word", () => {
    const { lines, io: out } = io();
    expect(judgeWork(seeds(100, 2_000), MAX_WORK_EVENTS, out)).toBeNull();
    expect(lines).toEqual([]);
  });

  it("announces a long batch with its estimate and how to make it smaller, then lets it start", () => {
    const { lines, io: out } = io();
    expect(judgeWork(seeds(30, 500_000), MAX_WORK_EVENTS, out)).toBeNull();
    expect(lines).toEqual([
      "this will take a while: 30 seeds × about 500,000 events a run ≈ 15,000,000 events; to make it smaller: fewer seeds",
    ]);
  });

  it("refuses a batch over the bound, and --max-work moves the bound", () => {
    expect(judgeWork(seeds(1_000, 500_000), MAX_WORK_EVENTS)).toEqual([
      "too much work: 1,000 seeds × about 500,000 events a run ≈ 500,000,000 events, over the limit of 100,000,000 (--max-work)",
      "make it smaller: fewer seeds; or raise --max-work if you mean it",
    ]);
    expect(judgeWork(seeds(1_000, 500_000), 600_000_000)).toBeNull();
    expect(parseMaxWork("600000000")).toBe(600_000_000);
    expect(parseMaxWork("0")).toMatch(/^--max-work: /);
  });
});
