import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import { withStream } from "./trafficSliders";
import { streamSwitchNotes } from "./streamSwitch";

const gcPause = presetById("gc-pause")!.scenario;
const traffic = presetById("traffic-1x")!.scenario;

describe("the notice when a scenario becomes a stream", () => {
  it("says the clients and their work changed with it", () => {
    expect(streamSwitchNotes(gcPause, withStream(gcPause))).toEqual([
      "The workload is now a stream of jobs, run by the traffic preset's workers: Clients: 2 → 8, Work time: 2 s → 50 ms.",
    ]);
  });

  it("says nothing when the scenario already was a stream", () => {
    expect(streamSwitchNotes(traffic, withStream(traffic, { ratePerSec: 50 }))).toEqual([]);
  });
});
