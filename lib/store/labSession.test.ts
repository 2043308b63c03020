import { describe, expect, it, vi } from "vitest";
import heavy from "@/e2e/heavyScenarios.json";
import type { Scenario } from "@/lib/sim/scenario";
import type { RunProgress } from "@/lib/sim/simulate";
import { serveJob, type JobWorker } from "@/lib/workers/job";
import { simulationJob } from "@/lib/workers/simJob";
import { createRunner } from "@/lib/workers/simRunner";
import { inProcessWorker } from "@/lib/workers/testing";
import { decodeLabSearch } from "@/lib/scenario/url";
import { createLabSession } from "./labSession";
import { TestLab } from "./testing";

/** The simulation worker, in process, as sim.worker.ts serves it. */
const simulationWorker = () => inProcessWorker((scope) => serveJob(scope, simulationJob));

const heavyScenario = (name: string) =>
  (heavy as { name: string; scenario: Scenario }[]).find((h) => h.name === name)!.scenario;

/** The lab on gc-pause, whose runs in the worker go to one held worker. */
function openHeld() {
  const worker = heldWorker();
  const lab = TestLab.open(
    "?preset=gc-pause",
    createRunner(() => worker),
  );
  return { worker, lab, state: () => lab.session.scenario.getState() };
}

/** The held worker reports how far its run has got. */
const report = (worker: JobWorker, progress: RunProgress) =>
  worker.onmessage?.({ data: { kind: "progress", progress } } as MessageEvent);

/** A worker that answers only when the test makes it, to catch a run while it is still going. */
function heldWorker() {
  const worker = {
    onmessage: null as JobWorker["onmessage"],
    onerror: null as JobWorker["onerror"],
    terminated: false,
    postMessage: () => {},
    terminate: () => void (worker.terminated = true),
  };
  return worker;
}

describe("a lab session", () => {
  it("opens a preset's run at once, with the playhead's range set to it", () => {
    const lab = TestLab.open("?preset=gc-pause");
    expect(lab.summary.verdict).toBe("unsafe");
    expect(lab.session.playback.getState().endT).toBe(lab.result.scenario.durationMs);
    lab.close();
  });

  it("re-simulates on an edit, and the playhead follows the new run's length", () => {
    const lab = TestLab.open("?preset=gc-pause");
    lab.edit((s) => ({ ...s, durationMs: 30_000, service: { kind: "redis", ttlMs: 20_000 } }));
    expect(lab.result.scenario.durationMs).toBe(30_000);
    expect(lab.summary.verdict).toBe("safe");
    expect(lab.session.playback.getState().endT).toBe(30_000);
    lab.close();
  });

  it("holds the playhead at the question's moment while the learner predicts", () => {
    const lab = TestLab.open("?preset=gc-pause").seek(40_000).predict();
    const limit = lab.session.playback.getState().limitT;
    expect(limit).not.toBeNull();
    expect(lab.playhead).toBe(limit);
    lab.seek(50_000);
    expect(lab.playhead).toBe(limit);
    lab.predict(false);
    expect(lab.session.playback.getState().limitT).toBeNull();
    lab.close();
  });

  it("leaves alone a limit it did not set, as a slide's reveal sets one to stop at the next question", () => {
    const session = createLabSession(decodeLabSearch("?preset=gc-pause"));
    // A slide's playback binding (components/present/usePlaybackBinding.ts) runs before its provider starts following.
    session.playback.setState({ limitT: 17_000, playing: true });
    const stopFollowing = session.follow();
    expect(session.playback.getState().limitT).toBe(17_000);
    stopFollowing();
    session.dispose();
  });

  it("keeps only the latest of several background runs", async () => {
    const lab = TestLab.open("?preset=gc-pause", createRunner(simulationWorker));
    lab.edit((s) => ({ ...s, seed: 2, service: { kind: "chubby", leaseMs: 1 }, durationMs: 20_000 }));
    lab.edit((s) => ({ ...s, seed: 3 }));
    expect(lab.session.scenario.getState().pending).toBe(true);
    await vi.waitFor(() => expect(lab.session.scenario.getState().pending).toBe(false), { timeout: 30_000 });
    expect(lab.result.scenario.seed).toBe(3);
    lab.close();
  });

  it("says how far a run in the worker has got, and a cancel keeps the previous run and puts its scenario back", () => {
    const worker = heldWorker();
    const lab = TestLab.open(
      "?preset=gc-pause",
      createRunner(() => worker),
    );
    const before = { result: lab.result, scenario: lab.session.scenario.getState().scenario };
    const state = () => lab.session.scenario.getState();
    lab.edit(() => heavy[0]!.scenario as Scenario);
    // How far the main thread's try got, before the worker has reported anything.
    expect(state()).toMatchObject({
      pending: true,
      runProgress: { events: 5_000 },
      scenario: heavy[0]!.scenario,
      presetId: "gc-pause",
    });
    report(worker, { reachedMs: 183_000, events: 140_000, jobsDone: 0 });
    expect(state().runProgress).toEqual({ reachedMs: 183_000, events: 140_000, jobsDone: 0 });
    state().cancelRun();
    expect(worker.terminated).toBe(true);
    expect(state()).toMatchObject({
      pending: false,
      runProgress: null,
      eventLimit: null,
      presetId: "gc-pause",
      scenario: before.scenario,
      resolved: before.result.scenario,
    });
    expect(lab.result).toBe(before.result);
    expect(lab.notices.map((n) => [n.title, ...n.items])).toEqual([
      ["The run was cancelled", "The previous run is still shown, and its scenario is back."],
    ]);
    lab.close();
  });

  it("foretells, before the worker has run it, that a run will reach the event limit, and withdraws that if the worker's reports say otherwise", () => {
    const { worker, lab, state } = openHeld();
    // One client renewing a Redis lease every millisecond for 800 s: the run stops at the limit at 702.2 s.
    lab.edit(() => heavyScenario("Redis renewed every 1 ms"));
    expect(state().pending).toBe(true);
    const forecast = state().eventLimit!;
    expect(forecast.from.events).toBe(5_000);
    expect(forecast.projectedEvents).toBeGreaterThan(500_000);
    expect(forecast.stopsNearMs).toBeGreaterThan(690_000);
    expect(forecast.stopsNearMs).toBeLessThan(720_000);
    // A report from fewer events than the try had (the worker's first) is not a step back.
    report(worker, { reachedMs: 4_000, events: 2_900, jobsDone: 0 });
    expect(state().eventLimit).toBe(forecast);
    // Had the pace fallen to a tenth, the forecast is withdrawn.
    report(worker, { reachedMs: 400_000, events: 30_000, jobsDone: 0 });
    expect(state()).toMatchObject({ eventLimit: null, foretold: true });
    // The next run starts afresh: its try's 5,000 events are not taken for a step back from 30,000.
    lab.edit(() => heavyScenario("Chubby with a 1 ms lease"));
    expect(state()).toMatchObject({ pending: true, runProgress: { events: 5_000 }, eventLimit: null, foretold: false });
    lab.close();
  });

  it("foretells a run planned large, which skips the main thread's try, from the worker's first report", () => {
    const { worker, lab, state } = openHeld();
    // 10,000 cron runs are scheduled before the first step: straight to the worker.
    lab.edit(() => heavyScenario("a cron job every 80 ms"));
    expect(state()).toMatchObject({ pending: true, runProgress: null, eventLimit: null });
    // A made-up first report (the real run is far slower): 10,000 events in 8 s, at which pace
    // its 800 s of cron runs would log a million.
    report(worker, { reachedMs: 8_000, events: 10_000, jobsDone: 0 });
    expect(state().eventLimit).toMatchObject({ projectedEvents: 1_000_000, stopsNearMs: 400_000 });
    lab.close();
  });

  it("foretells nothing for a large run that stays within the limit, from the same 5,000 events", () => {
    for (const name of ["Chubby with a 1 ms lease", "etcd, 10,000 jobs of 1 ms", "Kubernetes renewing every 1 ms"]) {
      const lab = TestLab.open("?preset=gc-pause", createRunner(heldWorker));
      lab.edit(() => heavyScenario(name));
      expect(lab.session.scenario.getState(), name).toMatchObject({
        pending: true,
        runProgress: { events: 5_000 },
        eventLimit: null,
        foretold: false,
      });
      lab.close();
    }
  });

  it("opens the default scenario when the run of the link it opened with is cancelled", () => {
    const lab = TestLab.open(
      `?s=${Buffer.from(JSON.stringify(heavy[0]!.scenario)).toString("base64url")}`,
      createRunner(heldWorker),
    );
    expect(lab.session.scenario.getState().pending).toBe(true);
    lab.session.scenario.getState().cancelRun();
    expect(lab.session.scenario.getState().presetId).toBe("gc-pause");
    expect(lab.summary.verdict).toBe("unsafe");
    expect(lab.notices.at(-1)?.items).toEqual([
      "There was no earlier run to keep, so the lab opened the default scenario.",
    ]);
    lab.close();
  });
});
