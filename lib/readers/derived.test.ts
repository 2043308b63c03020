import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import { simulate } from "@/lib/sim";
import {
  adoptPreparedRun,
  bottleneckOfResult,
  modelOf,
  prepareRun,
  preparedTransferables,
  questionsOf,
  storyOfResult,
} from "./derived";
import { timelineModel } from "./timelineModel";

describe("a run prepared in the worker", () => {
  it("arrives without its event log but with everything the page derives from it", () => {
    const result = simulate(presetById("gc-pause-fenced")!.scenario);
    const prepared = prepareRun(result);
    // What postMessage does to it, the typed arrays handed over rather than copied.
    const received = structuredClone(prepared, { transfer: preparedTransferables(prepared) });
    const adopted = adoptPreparedRun(received);

    expect(adopted.events).toEqual([]);
    expect(adopted.summary).toEqual(result.summary);
    expect(storyOfResult(adopted)).toEqual(storyOfResult(result));
    expect(questionsOf(adopted)).toEqual(questionsOf(result));

    const direct = timelineModel(result);
    const model = modelOf(adopted);
    expect(model.marks).toEqual(direct.marks);
    expect(model.messages.query(0, Infinity)).toEqual(direct.messages.query(0, Infinity));
    expect(model.spans.query(5000, 12_000)).toEqual(direct.spans.query(5000, 12_000));
    expect([...model.stops.all]).toEqual([...direct.stops.all]);
    expect(model.activityEndT).toBe(direct.activityEndT);
  });

  it("brings a stream run's bottleneck along, since it is read from the event log", () => {
    const result = simulate(presetById("traffic-10x")!.scenario);
    const adopted = adoptPreparedRun(structuredClone(prepareRun(result)));
    expect(bottleneckOfResult(adopted)).toEqual(bottleneckOfResult(result));
    expect(bottleneckOfResult(adopted)?.limit).toBe("lock");
  });

  it("derives each thing once per result", () => {
    const result = simulate(presetById("gc-pause")!.scenario);
    expect(modelOf(result)).toBe(modelOf(result));
    expect(storyOfResult(result)).toBe(storyOfResult(result));
  });
});
