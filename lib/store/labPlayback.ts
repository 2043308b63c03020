/**
 * The lab's playback store: the playhead (ms of true time), whether it plays and how fast, the
 * limit predict mode puts on it, the timeline's display options, and the window the rest of the
 * lab last asked the timeline to frame. A factory, one per provider.
 */
import { createStore } from "zustand";
import { advancePlayhead, nextStop, previousStop, speedFor } from "@/lib/readers/playback";

/** A request to show a window of true time on the timeline; `seq` tells one request from the next. */
export interface FrameRequest {
  window: [number, number];
  seq: number;
}

export interface PlaybackState {
  t: number;
  /** The end of the run. */
  endT: number;
  /** The run's last event: playing from before it stops there, since nothing happens after it. */
  activityEndT: number;
  /** Predict mode's moment: the playhead may not pass it; null when there is none. */
  limitT: number | null;
  /** Where this play was asked to stop (a prediction's reveal plays on past the run's last event); null: the usual stop. */
  untilT: number | null;
  playing: boolean;
  /** Simulated seconds per real second. */
  speed: number;
  showMessages: boolean;
  shortcuts: boolean;
  /**
   * The window the timeline was last asked to frame ("Jump to violation", the failure finder's
   * "Open on the timeline", a won level's moment); null before any. The timeline of this provider
   * frames each new request, and only it: another lab on the page has its own store.
   */
  frameRequest: FrameRequest | null;
  setT: (t: number) => void;
  play: () => void;
  /** Plays from here on to `untilT`, even past the run's last event: the rest of the picture plays out. */
  playOn: (untilT: number) => void;
  pause: () => void;
  togglePlay: () => void;
  /** Advances by `realMs` of playing; stops at the end. */
  tick: (realMs: number) => void;
  /** To the next event; stepping pauses, unless it is how reduced-motion playback moves. */
  /** `gapMs`: stops closer than this are one step (lib/readers/playback.ts). */
  stepForward: (stops: ArrayLike<number>, options?: { keepPlaying?: boolean; gapMs?: number }) => void;
  stepBack: (stops: ArrayLike<number>, gapMs?: number) => void;
  toStart: () => void;
  toEnd: () => void;
  setSpeed: (speed: number) => void;
  /** A new run: its end and its last event; the playhead keeps its time where it can. */
  setRun: (endT: number, activityEndT: number) => void;
  setLimit: (limitT: number | null) => void;
  setShowMessages: (show: boolean) => void;
  setShortcuts: (on: boolean) => void;
  /** Asks the timeline to frame `window`: asked twice for the same window, it frames it again. */
  frame: (window: [number, number]) => void;
}

export type PlaybackStore = ReturnType<typeof createPlaybackStore>;

/** The furthest the playhead may go. */
export const playbackMax = (s: Pick<PlaybackState, "endT" | "limitT">) =>
  s.limitT === null ? s.endT : Math.min(s.endT, s.limitT);

/** Where playing from t stops: where it was asked to, else at the run's last event if it is still ahead, else at the end. */
export const stopAt = (s: Pick<PlaybackState, "t" | "endT" | "limitT" | "activityEndT" | "untilT">) =>
  Math.min(
    playbackMax(s),
    s.untilT !== null && s.untilT > s.t ? s.untilT : s.t < s.activityEndT ? s.activityEndT : Infinity,
  );

export function createPlaybackStore(initial: { t: number | null; endT: number; activityEndT: number }) {
  return createStore<PlaybackState>()((set, get) => {
    const clamp = (t: number) => Math.max(0, Math.min(playbackMax(get()), t));
    return {
      t: initial.t ?? initial.endT,
      endT: initial.endT,
      activityEndT: initial.activityEndT,
      limitT: null,
      untilT: null,
      playing: false,
      speed: speedFor(initial.activityEndT),
      showMessages: true,
      shortcuts: true,
      frameRequest: null,
      setT: (t) => set({ t: clamp(t) }),
      // From the end (or past the last event), playing starts again from the beginning.
      play: () =>
        set((s) => ({
          playing: true,
          untilT: null,
          t: s.t >= Math.min(playbackMax(s), Math.max(s.activityEndT, 1)) ? 0 : s.t,
        })),
      playOn: (untilT) => set((s) => ({ playing: s.t < Math.min(playbackMax(s), untilT), untilT })),
      pause: () => set({ playing: false }),
      togglePlay: () => (get().playing ? get().pause() : get().play()),
      tick: (realMs) =>
        set((s) => {
          const next = advancePlayhead(s.t, realMs, s.speed, stopAt(s));
          return { t: next.t, playing: !next.ended };
        }),
      stepForward: (stops, options = {}) => {
        const max = playbackMax(get());
        const next = nextStop(stops, get().t, max, options.gapMs);
        if (next === null) set({ playing: false });
        else set({ t: next, playing: Boolean(options.keepPlaying) && next < max });
      },
      stepBack: (stops, gapMs) => {
        const previous = previousStop(stops, get().t, gapMs);
        if (previous !== null) set({ t: previous, playing: false });
      },
      toStart: () => set({ t: 0, playing: false }),
      toEnd: () => set({ t: playbackMax(get()), playing: false }),
      setSpeed: (speed) => set({ speed }),
      setRun: (endT, activityEndT) => {
        const speedWasAuto = get().speed === speedFor(get().activityEndT);
        set((s) => ({
          endT,
          activityEndT,
          t: Math.min(s.t, endT),
          speed: speedWasAuto ? speedFor(activityEndT) : s.speed,
        }));
      },
      setLimit: (limitT) =>
        set((s) => ({
          limitT,
          t: limitT === null ? s.t : Math.min(s.t, limitT),
          playing: limitT === null ? s.playing : false,
        })),
      setShowMessages: (showMessages) => set({ showMessages }),
      setShortcuts: (shortcuts) => set({ shortcuts }),
      frame: (window) => set((s) => ({ frameRequest: { window, seq: (s.frameRequest?.seq ?? 0) + 1 } })),
    };
  });
}
