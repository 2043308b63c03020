import { describe, expect, it, vi } from "vitest";
import { runJob, serveJob, startJob, warmWorkers, type JobScope } from "./job";
import type { InProcessWorker } from "./testing";
import { inProcessWorker } from "@/lib/workers/testing";

const countTo = (scope: JobScope) =>
  serveJob<{ n: number }, number, string>(scope, ({ n }, progress) => {
    for (let i = 1; i <= n; i++) progress(i);
    if (n < 0) throw new Error("n must be ≥ 0");
    return `counted to ${n}`;
  });

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("a worker job", () => {
  it("reports each progress, then its one result, and then terminates the worker", async () => {
    const worker = inProcessWorker(countTo);
    const heard: string[] = [];
    startJob(
      () => worker,
      { n: 3 },
      {
        progress: (p: number) => heard.push(`progress ${p}`),
        result: (r: string) => heard.push(r),
        failed: (m) => heard.push(`failed: ${m}`),
      },
      "counting",
    );
    await settle();
    expect(heard).toEqual(["progress 1", "progress 2", "progress 3", "counted to 3"]);
    expect(worker.terminated).toBe(true);
  });

  it("waits for a job that reads something first, and reports its rejection as the job's error", async () => {
    const readThenCount = (scope: JobScope) =>
      serveJob<{ n: number }, number, string>(scope, async ({ n }, progress) => {
        await Promise.resolve();
        progress(n);
        if (n < 0) throw new Error("n must be ≥ 0");
        return `read ${n}`;
      });
    const heard = (list: string[]) => ({
      progress: (p: number) => list.push(`progress ${p}`),
      result: (r: string) => list.push(r),
      failed: (m: string) => list.push(`failed: ${m}`),
    });
    const [ok, bad]: string[][] = [[], []];
    startJob(() => inProcessWorker(readThenCount), { n: 2 }, heard(ok!), "reading");
    startJob(() => inProcessWorker(readThenCount), { n: -1 }, heard(bad!), "reading");
    await settle();
    expect(ok).toEqual(["progress 2", "read 2"]);
    expect(bad).toEqual(["progress -1", "failed: n must be ≥ 0"]);
  });

  it("reports the error the worker threw, by its message", async () => {
    const failed = vi.fn();
    startJob(() => inProcessWorker(countTo), { n: -1 }, { result: vi.fn(), failed }, "counting");
    await settle();
    expect(failed).toHaveBeenCalledWith("n must be ≥ 0");
  });

  it("hears nothing after it is cancelled", async () => {
    const worker = inProcessWorker(countTo);
    const result = vi.fn();
    const cancel = startJob(() => worker, { n: 2 }, { result, failed: vi.fn() }, "counting");
    cancel();
    await settle();
    expect(result).not.toHaveBeenCalled();
    expect(worker.terminated).toBe(true);
  });

  it("says why when the browser has no Web Workers", () => {
    const failed = vi.fn();
    startJob(null, { n: 1 }, { result: vi.fn(), failed }, "the failure finder");
    expect(failed).toHaveBeenCalledWith(
      "this browser cannot run the failure finder in the background (no Web Workers)",
    );
  });

  it("reports a worker that crashed", () => {
    const worker = inProcessWorker(() => {});
    const failed = vi.fn();
    startJob(() => worker, { n: 1 }, { result: vi.fn(), failed }, "the load curve");
    worker.onerror?.({ message: "" } as ErrorEvent);
    expect(failed).toHaveBeenCalledWith("the load curve failed");
  });

  it("can be awaited, and a cancelled one rejects", async () => {
    await expect(runJob(() => inProcessWorker(countTo), { n: 2 }, "counting").promise).resolves.toBe("counted to 2");
    const job = runJob(() => inProcessWorker(countTo), { n: 2 }, "counting");
    job.cancel();
    await expect(job.promise).rejects.toThrow("cancelled");
  });
});

describe("warm workers", () => {
  const counting = (keep?: number) => {
    const started: InProcessWorker[] = [];
    const workers = warmWorkers(() => {
      const worker = inProcessWorker(countTo);
      started.push(worker);
      return worker;
    }, keep);
    const job = (n: number) => {
      const result = vi.fn();
      const cancel = startJob(workers.take, { n }, { result, failed: vi.fn() }, "counting", workers.release);
      return { result, cancel };
    };
    return { workers, started, job };
  };

  it("run the next job on the worker that answered the last one", async () => {
    const { workers, started, job } = counting();
    const first = job(2);
    await settle();
    expect(first.result).toHaveBeenCalledWith("counted to 2");
    expect(started[0]!.terminated).toBe(false);
    const second = job(3);
    await settle();
    expect(second.result).toHaveBeenCalledWith("counted to 3");
    expect(started).toHaveLength(1);
    workers.dispose();
    expect(started[0]!.terminated).toBe(true);
  });

  it("terminate a cancelled job's worker, so cancelling costs nothing more, and start a new one for the next job", async () => {
    const { started, job } = counting();
    job(2).cancel();
    expect(started[0]!.terminated).toBe(true);
    const next = job(1);
    await settle();
    expect(next.result).toHaveBeenCalledWith("counted to 1");
    expect(started).toHaveLength(2);
  });

  it("keep as many waiting as asked, so jobs run side by side again on the same workers", async () => {
    const { workers, started, job } = counting(2);
    const firstBatch = [job(1), job(2), job(3)];
    await settle();
    expect(firstBatch.every((j) => j.result.mock.calls.length === 1)).toBe(true);
    // Three answered, two are kept: the first to be released is let go.
    expect(started.map((w) => w.terminated)).toEqual([true, false, false]);
    const secondBatch = [job(4), job(5)];
    await settle();
    expect(secondBatch.map((j) => j.result.mock.calls[0]?.[0])).toEqual(["counted to 4", "counted to 5"]);
    expect(started).toHaveLength(3);
    workers.dispose();
    expect(started.every((w) => w.terminated)).toBe(true);
  });
});
