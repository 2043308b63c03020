import { describe, expect, it } from "vitest";
import { createPlaybackStore } from "./labPlayback";

const stops = [0, 100, 1000, 17_000];

describe("the lab's playback store", () => {
  it("starts at the end of the run unless the link says otherwise", () => {
    expect(createPlaybackStore({ t: null, endT: 60_000, activityEndT: 17_000 }).getState().t).toBe(60_000);
    expect(createPlaybackStore({ t: 500, endT: 60_000, activityEndT: 17_000 }).getState().t).toBe(500);
  });

  it("plays from the start when at the end, and stops after the last event", () => {
    const store = createPlaybackStore({ t: null, endT: 60_000, activityEndT: 17_000 });
    store.getState().setSpeed(5);
    store.getState().play();
    expect(store.getState()).toMatchObject({ t: 0, playing: true });
    store.getState().tick(1000);
    expect(store.getState().t).toBe(5000);
    store.getState().tick(10_000);
    expect(store.getState()).toMatchObject({ t: 17_000, playing: false });
  });

  it("plays on past the last event when asked to, as a prediction's reveal does, and then as usual", () => {
    const store = createPlaybackStore({ t: 17_000, endT: 60_000, activityEndT: 17_014 });
    store.getState().setSpeed(2);
    store.getState().playOn(18_900);
    store.getState().tick(100);
    expect(store.getState()).toMatchObject({ t: 17_200, playing: true });
    store.getState().tick(1000);
    expect(store.getState()).toMatchObject({ t: 18_900, playing: false });
    // A plain Play from past the last event starts again from the beginning, and stops at the last event.
    store.getState().play();
    store.getState().tick(10_000);
    expect(store.getState()).toMatchObject({ t: 17_014, playing: false });
  });

  it("steps between events and pauses", () => {
    const store = createPlaybackStore({ t: 500, endT: 60_000, activityEndT: 17_000 });
    store.getState().play();
    store.getState().stepForward(stops);
    expect(store.getState()).toMatchObject({ t: 1000, playing: false });
    store.getState().stepBack(stops);
    store.getState().stepBack(stops);
    expect(store.getState().t).toBe(0);
  });

  it("holds the playhead at predict mode's moment", () => {
    const store = createPlaybackStore({ t: null, endT: 60_000, activityEndT: 17_000 });
    store.getState().setLimit(900);
    expect(store.getState().t).toBe(900);
    store.getState().toEnd();
    expect(store.getState().t).toBe(900);
    store.getState().setT(20_000);
    expect(store.getState().t).toBe(900);
    store.getState().setLimit(null);
    store.getState().toEnd();
    expect(store.getState().t).toBe(60_000);
  });

  it("keeps the playhead's time across a new run, and its speed if the learner chose one", () => {
    const store = createPlaybackStore({ t: 12_000, endT: 60_000, activityEndT: 17_000 });
    store.getState().setRun(10_000, 9000);
    expect(store.getState().t).toBe(10_000);
    store.getState().setSpeed(60);
    store.getState().setRun(60_000, 30_000);
    expect(store.getState().speed).toBe(60);
  });
});
