/**
 * How the rest of the lab asks its timeline to show a moment: "Jump to violation", the failure
 * finder's "Open on the timeline". The request is an event on the timeline's own element (the
 * section with id "timeline", components/timeline/Timeline.tsx), so it reaches this lab's
 * timeline and no other; the timeline frames the window and is scrolled into view.
 */
export const FRAME_EVENT = "lease-lab:frame";

/**
 * Frames `span` (or, with null, only brings the timeline into view). `scroll: false` leaves the
 * page where it is, for a caller that moves focus elsewhere (a won level's result).
 */
export function frameOnTimeline(span: [number, number] | null, { scroll = true }: { scroll?: boolean } = {}): void {
  const section = document.getElementById("timeline");
  if (!section) return;
  if (span) section.dispatchEvent(new CustomEvent<[number, number]>(FRAME_EVENT, { detail: span }));
  if (!scroll) return;
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  section.scrollIntoView({ block: "start", behavior: reduced ? "auto" : "smooth" });
}
