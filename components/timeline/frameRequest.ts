/**
 * How the rest of the lab asks its timeline to show a moment: "Jump to violation", the failure
 * finder's "Open on the timeline". The request is state of the lab's playback store
 * (`frameRequest`), so it reaches this lab's timeline and no other; the timeline frames the window
 * and is scrolled into view.
 */
import type { PlaybackStore } from "@/lib/store/labPlayback";

/**
 * Frames `span` on the timeline of `playback`'s lab (or, with null, only brings the timeline into
 * view). `scroll: false` leaves the page where it is, for a caller that moves focus elsewhere (a
 * won level's result).
 */
export function frameOnTimeline(
  playback: PlaybackStore,
  span: [number, number] | null,
  { scroll = true }: { scroll?: boolean } = {},
): void {
  const section = document.getElementById("timeline");
  if (!section) return;
  if (span) playback.getState().frame(span);
  if (!scroll) return;
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  section.scrollIntoView({ block: "start", behavior: reduced ? "auto" : "smooth" });
}
