/**
 * The main-thread tasks of a Lighthouse trace that count towards its Total Blocking Time, for
 * `npm run lighthouse -- --tasks`. Lighthouse's mobile profile simulates the phone: each task the
 * trace recorded counts 4 times as long (the CPU slowdown), and what a task has beyond 50 ms of
 * that blocks. So every task over 12.5 ms after the first contentful paint adds to TBT. This lists
 * them with the events they spent their time in. Lighthouse's own figure comes from a simulation
 * that can also reorder the tasks, so the sum here is close to it, not equal.
 */

/** Event names worth naming inside a task: scripts, style and layout, parsing, timers, collection. */
const NAMED = new Set([
  "Layout",
  "UpdateLayoutTree",
  "ParseHTML",
  "Paint",
  "TimerFire",
  "RunMicrotasks",
  "MajorGC",
  "MinorGC",
  "EventDispatch",
]);

/**
 * @param {{ name: string, ph: string, ts: number, dur?: number, pid: number, tid: number, args?: any }[]} traceEvents
 * @param {number} slowdown the CPU slowdown Lighthouse simulated (4 on its mobile profile)
 */
export function blockingTasks(traceEvents, slowdown = 4) {
  const fcp = traceEvents.find((e) => e.name === "firstContentfulPaint");
  if (!fcp) return { tasks: [], blockingMs: 0 };
  const main = traceEvents.find(
    (e) => e.name === "thread_name" && e.args?.name === "CrRendererMain" && e.pid === fcp.pid,
  );
  const onMain = (e) => e.pid === fcp.pid && (!main || e.tid === main.tid) && e.ph === "X";
  const minMs = 50 / slowdown;
  const inner = traceEvents.filter((e) => onMain(e) && e.name !== "RunTask");
  const tasks = traceEvents
    .filter((e) => onMain(e) && e.name === "RunTask" && e.ts >= fcp.ts && e.dur / 1000 > minMs)
    .sort((a, b) => a.ts - b.ts)
    .map((task) => {
      const spent = new Map();
      for (const e of inner) {
        if (e.ts < task.ts || e.ts + e.dur > task.ts + task.dur) continue;
        const script = (e.args?.data?.url ?? "").split("/").pop();
        const name =
          e.name === "EvaluateScript"
            ? `evaluate ${script}`
            : e.name === "FunctionCall"
              ? `call ${script}`
              : NAMED.has(e.name)
                ? e.name
                : null;
        if (name) spent.set(name, (spent.get(name) ?? 0) + e.dur / 1000);
      }
      const ms = task.dur / 1000;
      return {
        afterFcpMs: (task.ts - fcp.ts) / 1000,
        ms,
        blockingMs: ms * slowdown - 50,
        spentIn: [...spent].sort((a, b) => b[1] - a[1]).slice(0, 3),
      };
    });
  return { tasks, blockingMs: tasks.reduce((sum, t) => sum + t.blockingMs, 0) };
}
