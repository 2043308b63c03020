import { describe, expect, it, vi } from "vitest";
import type { JobWorker } from "@/lib/workers/job";
import { createRunner, type Runner } from "@/lib/workers/simRunner";
import { withLease, withService } from "@/lib/scenario/edits";
import { decodeLabSearch } from "@/lib/scenario/url";
import { createScenarioStore } from "./labScenario";

const open = (search: string, runner?: Runner) => createScenarioStore(decodeLabSearch(search), runner);

describe("the lab's scenario store", () => {
  it("opens with the run already simulated when it is small", () => {
    const store = open("?preset=gc-pause");
    expect(store.getState().pending).toBe(false);
    expect(store.getState().result?.summary.verdict).toBe("unsafe");
  });

  it("re-simulates at once on every change", () => {
    const store = open("?preset=gc-pause");
    store.getState().edit((s) => withLease(s, 20_000));
    expect(store.getState().result?.summary.verdict).toBe("safe");
    expect(store.getState().presetId).toBe("gc-pause");
  });

  it("says what else it changed to keep the scenario valid", () => {
    const store = open("?preset=gc-pause-fenced");
    store.getState().edit((s, r) => withService(s, r, "redlock"));
    expect(store.getState().resolved.storage.guard).toBe("none");
    expect(store.getState().notices).toMatchObject([
      { tone: "info", items: ["Storage guard set to none: Redlock issues no fencing token."] },
    ]);
  });

  it("refuses a change that would make the scenario invalid, keeping the one it had", () => {
    const store = open("?preset=gc-pause");
    const before = store.getState().scenario;
    store.getState().edit((s) => withLease(s, -5));
    expect(store.getState().scenario).toBe(before);
    expect(store.getState().notices[0]).toMatchObject({ tone: "error", items: ["service.ttlMs: must be ≥ 1"] });
  });

  it("tells the learner when a link could not be opened", () => {
    const store = open("?preset=nope");
    expect(store.getState().presetId).toBe("gc-pause");
    expect(store.getState().notices[0]).toMatchObject({
      tone: "error",
      title: "This link could not be opened, so the lab opened the default scenario",
    });
  });

  it("tells the learner when only part of a link could be used, keeping its scenario", () => {
    const store = open("?preset=gc-pause-fenced&t=soon&compare=fencing%3Don");
    expect(store.getState().presetId).toBe("gc-pause-fenced");
    expect(store.getState().notices[0]).toMatchObject({
      tone: "error",
      title: "Part of this link could not be used",
      items: [
        "The comparison compare=fencing=on is not one the lab knows; the lab opened without it.",
        "The playhead t=soon is not a time in milliseconds; it starts at the end of the run.",
      ],
    });
  });

  it("reports a run that fails, and keeps the last result", async () => {
    // A worker that answers every run with an error; the 1 ms lease makes the run go to it.
    const failing = (): JobWorker => {
      const worker: JobWorker = {
        onmessage: null,
        onerror: null,
        postMessage: () =>
          queueMicrotask(() =>
            worker.onmessage?.({ data: { kind: "error", message: "the engine broke" } } as MessageEvent),
          ),
        terminate: () => {},
      };
      return worker;
    };
    const store = open("?preset=gc-pause", createRunner(failing));
    const result = store.getState().result;
    store.getState().edit((s) => ({ ...s, service: { kind: "chubby", leaseMs: 1 } }));
    expect(store.getState().pending).toBe(true);
    await vi.waitFor(() => expect(store.getState().pending).toBe(false));
    expect(store.getState().result).toBe(result);
    expect(store.getState().notices.at(-1)).toMatchObject({ tone: "error", items: ["the engine broke"] });
  });

  it("hides nothing until predict mode is on, and reveals only after a choice", () => {
    const store = open("?preset=gc-pause&predict=1");
    expect(store.getState().predict).toMatchObject({ on: true, revealed: false });
    store.getState().reveal();
    expect(store.getState().predict.revealed).toBe(false);
    store.getState().choose("yes");
    store.getState().reveal();
    expect(store.getState().predict).toMatchObject({ choice: "yes", revealed: true });
    store.getState().edit((s) => withLease(s, 12_000));
    expect(store.getState().predict).toMatchObject({ on: true, choice: null, revealed: false });
  });
});
