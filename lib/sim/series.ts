/**
 * Per-second time series of a run, for the load charts: jobs arrived and completed, the average
 * backlog, acquire latency p50/p99 and the busiest service node's utilization in each second of
 * true time. Recorded as the run goes, in summary-only runs too.
 */
import { percentile } from "./checker";

export interface TimeSeries {
  bucketMs: number;
  arrived: number[];
  completed: number[];
  /** Time-average number of jobs waiting for a client during the second. */
  backlog: number[];
  acquireP50: number[];
  acquireP99: number[];
  /** Busy fraction of the busiest service node during the second. */
  utilization: number[];
}

const BUCKET_MS = 1000;

export class SeriesRecorder {
  private readonly buckets: number;
  private readonly arrivedCount: number[];
  private readonly completedCount: number[];
  private readonly backlogArea: number[];
  /** Acquire latencies per second; a second with none has no list (most seconds of a run). */
  private readonly latencies: (number[] | undefined)[];
  private readonly busy = new Map<string, Float64Array>();
  private backlog = 0;
  private backlogSince = 0;
  backlogMax = 0;

  constructor(
    private readonly now: () => number,
    private readonly durationMs: number,
  ) {
    this.buckets = Math.max(1, Math.ceil(durationMs / BUCKET_MS));
    this.arrivedCount = new Array(this.buckets).fill(0);
    this.completedCount = new Array(this.buckets).fill(0);
    this.backlogArea = new Array(this.buckets).fill(0);
    this.latencies = new Array(this.buckets).fill(undefined);
  }

  /** The bucket of a time in the run: always an index of the counts (a time past the end goes in the last). */
  private bucket(t: number): number {
    return Math.min(this.buckets - 1, Math.floor(t / BUCKET_MS));
  }

  arrived(): void {
    this.arrivedCount[this.bucket(this.now())]!++;
  }

  completed(): void {
    this.completedCount[this.bucket(this.now())]!++;
  }

  /** Jobs completed so far (asked only every few thousand steps, by a progress listener). */
  completedSoFar(): number {
    let done = 0;
    for (const count of this.completedCount) done += count;
    return done;
  }

  acquired(latencyMs: number): void {
    const b = this.bucket(this.now());
    (this.latencies[b] ??= []).push(latencyMs);
  }

  /** The backlog changed to `size`: the old size is integrated over the time it lasted. */
  backlogIs(size: number): void {
    this.integrate(this.backlogSince, this.now(), this.backlog, this.backlogArea);
    this.backlog = size;
    this.backlogSince = this.now();
    this.backlogMax = Math.max(this.backlogMax, size);
  }

  /** A service node's busy time per second, to pass to `busyFor` (a node that is never busy counts as idle). */
  busyBins(node: string): Float64Array {
    let bins = this.busy.get(node);
    if (!bins) this.busy.set(node, (bins = new Float64Array(this.buckets)));
    return bins;
  }

  /** A service node was busy serving a request from `start` to `end` (true time, ms). */
  busyFor(bins: Float64Array, start: number, end: number): void {
    this.integrate(start, end, 1, bins);
  }

  /** Adds `level` × the time in [from, to) to each bucket it covers. */
  private integrate(from: number, to: number, level: number, into: { [i: number]: number }): void {
    if (level === 0) return;
    const end = Math.min(to, this.durationMs);
    for (let t = from; t < end;) {
      const b = this.bucket(t);
      const bucketEnd = Math.min(end, (b + 1) * BUCKET_MS);
      into[b]! += level * (bucketEnd - t);
      t = bucketEnd;
    }
  }

  finish(): TimeSeries {
    // The last backlog lasts to the end of the run, however early the queue went quiet.
    this.integrate(this.backlogSince, this.durationMs, this.backlog, this.backlogArea);
    const widthOf = (b: number) => Math.min(BUCKET_MS, this.durationMs - b * BUCKET_MS);
    const round = (x: number) => Math.round(x * 1000) / 1000;
    const utilization = new Array(this.buckets).fill(0);
    for (const bins of this.busy.values())
      bins.forEach((ms, b) => (utilization[b] = Math.max(utilization[b], Math.min(1, ms / widthOf(b)))));
    return {
      bucketMs: BUCKET_MS,
      arrived: this.arrivedCount,
      completed: this.completedCount,
      backlog: this.backlogArea.map((area, b) => round(area / widthOf(b))),
      acquireP50: this.latencies.map((l) => (l ? round(percentile(l, 50)) : 0)),
      acquireP99: this.latencies.map((l) => (l ? round(percentile(l, 99)) : 0)),
      utilization: utilization.map(round),
    };
  }
}
