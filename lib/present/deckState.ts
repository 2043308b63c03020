/**
 * The state of a running deck, shared by the audience and presenter windows, as a pure reducer.
 * Each window applies its own actions, then posts the whole new state to the others
 * (BroadcastChannel, no server); a window adopts a received state only if it is newer, so windows
 * that act at the same moment still end up agreeing. Times are ms of the slide simulation's true
 * time, except `wall`, which is ms of the windows' shared wall clock (Date.now).
 *
 * Playing is synced as "playing from t at wall time `wall` at speed s": every window computes its
 * playhead from the clock (deckPlayheadAt), so a window that drops frames does not fall behind.
 */
import { SLIDE_VIEWS, type SlideView } from "../content/deckTypes";

export interface DeckState {
  /** 0-based index of the current slide. */
  slide: number;
  /** The screen is blanked: nothing of the deck shows. */
  blank: boolean;
  /** The slide simulation's playhead when it last started, stopped or moved; null: the slide's moment. */
  t: number | null;
  playing: boolean;
  /** While playing: the wall-clock time at which the playhead was at `t`; null when paused. */
  wall: number | null;
  /** Simulated seconds per real second; null: the run's own speed. */
  speed: number | null;
  /** The diagrams the room sees; null: the ones the slide opens with. */
  view: SlideView | null;
  /** The current slide's prediction has been revealed; `answer` is null until a window that knows it fills it in. */
  reveal: { answer: number | null } | null;
  /** Counts changes: a window adopts a received state only when it is newer than its own. */
  version: number;
  /** The window that made this version; breaks ties between windows that changed at once. */
  author: string;
}

/** What the reducer needs to know of the deck: how many slides, and which ones ask a prediction. */
export interface DeckShape {
  slideCount: number;
  /** Per slide: whether it holds a prediction. */
  predicts: readonly boolean[];
}

export type DeckAction =
  | { type: "next" }
  | { type: "previous" }
  | { type: "first" }
  | { type: "last" }
  /** To a slide by its 0-based index; out-of-range indices are clamped. */
  | { type: "go"; slide: number }
  | { type: "toggleBlank" }
  /** The slide simulation's playback as one window's controls left it (play, pause, step, scrub, speed). */
  | { type: "playhead"; t: number; playing: boolean; speed: number | null }
  /** Reveal the prediction and play it out; a window that does not know the answer passes null. */
  | { type: "reveal"; answer: number | null }
  /** Show the timeline, the topology or both, until the slide changes. */
  | { type: "view"; view: SlideView };

/** Messages between windows: a new window asks for the state, and every change is posted whole. */
export type DeckMessage = { type: "hello" } | { type: "state"; state: DeckState };

export function deckInitial(shape: DeckShape, slide: number, author: string): DeckState {
  return {
    slide: clampSlide(shape, slide),
    blank: false,
    t: null,
    playing: false,
    wall: null,
    speed: null,
    view: null,
    reveal: null,
    version: 0,
    author,
  };
}

const clampSlide = (shape: DeckShape, slide: number) => Math.max(0, Math.min(shape.slideCount - 1, Math.trunc(slide)));

/** A slide change: the new slide's simulation starts paused at its moment, at its own speed and in its own view, unrevealed, and the screen shows again. */
function toSlide(shape: DeckShape, state: DeckState, slide: number): Partial<DeckState> {
  const target = clampSlide(shape, slide);
  if (target === state.slide && !state.blank) return {};
  return target === state.slide
    ? { blank: false }
    : { slide: target, blank: false, t: null, playing: false, wall: null, speed: null, view: null, reveal: null };
}

function changes(shape: DeckShape, state: DeckState, action: DeckAction, now: number): Partial<DeckState> {
  switch (action.type) {
    case "next":
      return toSlide(shape, state, state.slide + 1);
    case "previous":
      return toSlide(shape, state, state.slide - 1);
    case "first":
      return toSlide(shape, state, 0);
    case "last":
      return toSlide(shape, state, shape.slideCount - 1);
    case "go":
      return toSlide(shape, state, action.slide);
    case "toggleBlank":
      return { blank: !state.blank };
    case "playhead":
      return { t: action.t, playing: action.playing, wall: action.playing ? now : null, speed: action.speed };
    case "view":
      return { view: action.view };
    case "reveal":
      if (!shape.predicts[state.slide]) return {};
      // A second reveal only supplies the answer the first one lacked; it does not replay.
      if (state.reveal)
        return state.reveal.answer === null && action.answer !== null ? { reveal: { answer: action.answer } } : {};
      return { reveal: { answer: action.answer }, playing: true, wall: now, blank: false };
  }
}

/**
 * Applies one of this window's actions at wall time `now`. Returns the same object when nothing
 * changed (so nothing is posted); otherwise a new version by `author`.
 */
export function deckReduce(
  shape: DeckShape,
  state: DeckState,
  action: DeckAction,
  author: string,
  now: number,
): DeckState {
  const change = changes(shape, state, action, now);
  const changed = (Object.keys(change) as (keyof DeckState)[]).some((key) => !sameValue(change[key], state[key]));
  return changed ? { ...state, ...change, version: state.version + 1, author } : state;
}

/** Applies a message from another window: a newer state is adopted (its slide clamped to this deck); anything else changes nothing. */
export function deckReceive(shape: DeckShape, state: DeckState, message: DeckMessage): DeckState {
  if (message.type !== "state") return state;
  const incoming = message.state;
  const newer =
    incoming.version > state.version || (incoming.version === state.version && incoming.author > state.author);
  return newer ? { ...incoming, slide: clampSlide(shape, incoming.slide) } : state;
}

/** The reveal happened in a window that did not know the answer, and this one does: it should fill it in. */
export function deckRevealNeedsAnswer(state: DeckState, answer: number | null): answer is number {
  return state.reveal !== null && state.reveal.answer === null && answer !== null;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return (
    typeof a === "object" &&
    typeof b === "object" &&
    a !== null &&
    b !== null &&
    JSON.stringify(a) === JSON.stringify(b)
  );
}

/** The diagram after `view` in the order T steps through: timeline, topology, both, timeline… */
export function nextSlideView(view: SlideView): SlideView {
  return SLIDE_VIEWS[(SLIDE_VIEWS.indexOf(view) + 1) % SLIDE_VIEWS.length]!;
}

/**
 * The playhead at wall time `now` of a play that was at `t` at wall time `wall`, at `speed`
 * simulated ms per real ms, stopping at `end`: the same in every window that shares the clock,
 * however many frames each has drawn.
 */
export function deckPlayheadAt(
  play: { t: number; wall: number | null; playing: boolean; speed: number },
  end: number,
  now: number,
): { t: number; ended: boolean } {
  if (!play.playing || play.wall === null) return { t: Math.min(play.t, end), ended: false };
  const t = play.t + Math.max(0, now - play.wall) * play.speed;
  return t >= end ? { t: end, ended: true } : { t, ended: false };
}
