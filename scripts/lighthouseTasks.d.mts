// Types for lighthouseTasks.mjs, which stays plain JavaScript so scripts/lighthouse.mjs imports it without a build step.
export interface BlockingTask {
  /** When the task began, after the first contentful paint. */
  afterFcpMs: number;
  /** Its length as the trace recorded it. */
  ms: number;
  /** What it blocks once slowed down: its slowed length beyond 50 ms. */
  blockingMs: number;
  /** The three events it spent most in, with their time. */
  spentIn: [string, number][];
}
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string } };
}
export function blockingTasks(
  traceEvents: TraceEvent[],
  slowdown?: number,
): { tasks: BlockingTask[]; blockingMs: number };
