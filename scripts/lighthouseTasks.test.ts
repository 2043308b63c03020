import { describe, expect, it } from "vitest";
import { blockingTasks } from "./lighthouseTasks.mjs";

const main = { pid: 1, tid: 7 };
const task = (ts: number, ms: number, where = main) => ({ name: "RunTask", ph: "X", ts, dur: ms * 1000, ...where });
const trace = [
  { name: "thread_name", ph: "M", ts: 0, ...main, args: { name: "CrRendererMain" } },
  { name: "firstContentfulPaint", ph: "R", ts: 100_000, ...main },
  task(50_000, 40), // before the first paint: not counted
  task(200_000, 30), // 30 ms, 120 ms at 4×: 70 ms blocking
  {
    name: "EvaluateScript",
    ph: "X",
    ts: 201_000,
    dur: 25_000,
    ...main,
    args: { data: { url: "http://x/_next/static/chunks/engine.js" } },
  },
  task(300_000, 12), // 48 ms at 4×: under 50, not counted
  task(400_000, 20, { pid: 1, tid: 9 }), // another thread (a worker): not counted
];

describe("the tasks of a Lighthouse trace that block", () => {
  it("counts a main-thread task after the first paint by what it has beyond 50 ms at 4×", () => {
    const { tasks, blockingMs } = blockingTasks(trace);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ afterFcpMs: 100, ms: 30, blockingMs: 70 });
    expect(tasks[0]!.spentIn).toEqual([["evaluate engine.js", 25]]);
    expect(blockingMs).toBe(70);
  });

  it("scales with the slowdown simulated: at 2× the 30 ms task blocks for 10 ms", () => {
    const { tasks, blockingMs } = blockingTasks(trace, 2);
    expect(tasks.map((t) => t.ms)).toEqual([30]);
    expect(blockingMs).toBe(10);
  });
});
