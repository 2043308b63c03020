import { describe, expect, it } from "vitest";
import {
  deckInitial,
  deckPlayheadAt,
  deckReceive,
  deckReduce,
  deckRevealNeedsAnswer,
  nextSlideView,
  type DeckAction,
  type DeckShape,
  type DeckState,
} from "./deckState";

const shape: DeckShape = { slideCount: 4, predicts: [false, true, false, true] };
const start = (slide = 0, author = "a") => deckInitial(shape, slide, author);
const WALL = 1_700_000_000_000;
const run = (state: DeckState, ...actions: DeckAction[]) =>
  actions.reduce((s, action) => deckReduce(shape, s, action, s.author, WALL), state);

describe("deckReduce", () => {
  it("moves between slides within the deck, and a new slide starts paused at its moment, unrevealed", () => {
    expect(run(start(), { type: "next" }).slide).toBe(1);
    expect(run(start(), { type: "previous" })).toEqual(start());
    expect(run(start(), { type: "last" }, { type: "next" }).slide).toBe(3);
    expect(run(start(3), { type: "first" }).slide).toBe(0);
    expect(run(start(), { type: "go", slide: 99 }).slide).toBe(3);
    const played = run(start(1), { type: "reveal", answer: 0 }, { type: "playhead", t: 4000, playing: true, speed: 2 });
    expect(run(played, { type: "next" })).toMatchObject({
      slide: 2,
      t: null,
      playing: false,
      wall: null,
      reveal: null,
      speed: null,
    });
  });

  it("returns the same state when nothing changes, and counts every change as a new version by its author", () => {
    const s = start();
    expect(deckReduce(shape, s, { type: "previous" }, "a", WALL)).toBe(s);
    expect(deckReduce(shape, s, { type: "reveal", answer: 1 }, "a", WALL)).toBe(s); // slide 1 asks no prediction
    const moved = deckReduce(shape, s, { type: "playhead", t: 10, playing: false, speed: null }, "b", WALL);
    expect(moved).toMatchObject({ t: 10, version: 1, author: "b" });
    expect(deckReduce(shape, moved, { type: "playhead", t: 10, playing: false, speed: null }, "b", WALL)).toBe(moved);
  });

  it("blanks and unblanks; moving to another slide shows the screen again", () => {
    const blank = run(start(), { type: "toggleBlank" });
    expect(blank.blank).toBe(true);
    expect(run(blank, { type: "toggleBlank" }).blank).toBe(false);
    expect(run(blank, { type: "next" })).toMatchObject({ slide: 1, blank: false });
    expect(run(blank, { type: "previous" })).toMatchObject({ slide: 0, blank: false });
  });

  it("reveals a prediction once and plays it; a later reveal only fills in a missing answer", () => {
    const revealed = run(start(1), { type: "reveal", answer: null });
    expect(revealed).toMatchObject({ reveal: { answer: null }, playing: true });
    expect(deckRevealNeedsAnswer(revealed, 0)).toBe(true);
    expect(deckRevealNeedsAnswer(revealed, null)).toBe(false);
    const paused = run(revealed, { type: "playhead", t: 5000, playing: false, speed: null });
    const answered = run(paused, { type: "reveal", answer: 0 });
    expect(answered).toMatchObject({ reveal: { answer: 0 }, playing: false, t: 5000 });
    expect(deckRevealNeedsAnswer(answered, 0)).toBe(false);
    expect(run(answered, { type: "reveal", answer: 1 })).toBe(answered);
  });
});

describe("playing by the clock", () => {
  it("records when a play started, and every window computes the same playhead from the clock, up to the stop", () => {
    const playing = run(start(), { type: "playhead", t: 4000, playing: true, speed: 2 });
    expect(playing).toMatchObject({ t: 4000, playing: true, wall: WALL, speed: 2 });
    const play = { t: 4000, wall: WALL, playing: true, speed: 2 };
    // A window that drew every frame and one that drew none in 1.5 s agree: 4 s + 1.5 s × 2.
    expect(deckPlayheadAt(play, 20_000, WALL + 1500)).toEqual({ t: 7000, ended: false });
    expect(deckPlayheadAt(play, 6000, WALL + 1500)).toEqual({ t: 6000, ended: true });
    expect(deckPlayheadAt({ ...play, playing: false, wall: null }, 20_000, WALL + 1500)).toEqual({
      t: 4000,
      ended: false,
    });
    expect(run(playing, { type: "playhead", t: 5000, playing: false, speed: 2 })).toMatchObject({
      playing: false,
      wall: null,
    });
  });

  it("starts the reveal's play at the moment it was revealed", () => {
    expect(run(start(1), { type: "reveal", answer: 0 })).toMatchObject({ playing: true, wall: WALL, t: null });
  });
});

describe("the slide's view", () => {
  it("switches between timeline, topology and both, and a new slide opens in its own view again", () => {
    const both = run(start(), { type: "view", view: "both" });
    expect(both).toMatchObject({ view: "both", version: 1 });
    expect(run(both, { type: "view", view: "both" })).toBe(both);
    expect(run(both, { type: "playhead", t: 3000, playing: true, speed: null }).view).toBe("both");
    expect(run(both, { type: "next" }).view).toBeNull();
    expect(run(both, { type: "toggleBlank" }, { type: "go", slide: 0 }).view).toBe("both"); // unblanking the same slide keeps it
  });

  it("T steps through the three views in order and wraps round", () => {
    expect(nextSlideView("timeline")).toBe("topology");
    expect(nextSlideView("topology")).toBe("both");
    expect(nextSlideView("both")).toBe("timeline");
  });
});

describe("deckReceive", () => {
  it("adopts a newer state from another window and ignores an older one or a hello", () => {
    const mine = run(start(0, "audience"), { type: "next" });
    const theirs = run(start(0, "presenter"), { type: "next" }, { type: "next" });
    expect(deckReceive(shape, mine, { type: "state", state: theirs })).toEqual(theirs);
    expect(deckReceive(shape, theirs, { type: "state", state: mine })).toBe(theirs);
    expect(deckReceive(shape, mine, { type: "hello" })).toBe(mine);
  });

  it("makes two windows that change at the same moment agree, whichever message arrives first", () => {
    const a = run(start(0, "a"), { type: "next" });
    const b = run(start(0, "b"), { type: "toggleBlank" });
    const aAfter = deckReceive(shape, a, { type: "state", state: b });
    const bAfter = deckReceive(shape, b, { type: "state", state: a });
    expect(aAfter).toEqual(bAfter);
    expect(aAfter.author).toBe("b");
  });

  it("clamps a received slide to this deck", () => {
    const far = { ...start(0, "z"), slide: 40, version: 9 };
    expect(deckReceive(shape, start(), { type: "state", state: far }).slide).toBe(3);
  });

  it("keeps two windows in step through a whole talk: advance, reveal in one, the answer from the other", () => {
    const shapeOf = shape;
    let audience = start(0, "audience");
    let presenter = start(0, "presenter");
    const send = (from: "audience" | "presenter", action: DeckAction) => {
      if (from === "audience") {
        audience = deckReduce(shapeOf, audience, action, "audience", WALL);
        presenter = deckReceive(shapeOf, presenter, { type: "state", state: audience });
      } else {
        presenter = deckReduce(shapeOf, presenter, action, "presenter", WALL);
        audience = deckReceive(shapeOf, audience, { type: "state", state: presenter });
      }
    };
    send("presenter", { type: "next" });
    send("audience", { type: "reveal", answer: null });
    expect(deckRevealNeedsAnswer(presenter, 1)).toBe(true);
    send("presenter", { type: "reveal", answer: 1 });
    expect(audience).toEqual(presenter);
    expect(audience).toMatchObject({ slide: 1, reveal: { answer: 1 }, playing: true });
    send("audience", { type: "playhead", t: 12_000, playing: false, speed: null });
    expect(presenter).toMatchObject({ t: 12_000, playing: false });
  });
});
