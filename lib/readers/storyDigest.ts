/**
 * A long story cut to its key lines, so a large run's point is not buried under hundreds of
 * "took the lock, wrote, released" sentences: every line that tells of a fault, harm or a caught
 * write, with how the run began and how it ended. A short story is told whole.
 */
import type { Story, StoryLine } from "./story";

/** A story this long or shorter is shown whole. */
export const WHOLE_STORY_LINES = 40;
/** How many of the first lines say how the run began. */
const OPENING_LINES = 3;

export interface DigestLine {
  line: StoryLine;
  /** The line's place in the whole story (the playhead's current line is found there). */
  index: number;
}

export function storyDigest(story: Story): { lines: DigestLine[]; left: number } {
  const all = story.lines.map((line, index) => ({ line, index }));
  if (all.length <= WHOLE_STORY_LINES) return { lines: all, left: 0 };
  const key = all.filter(
    ({ line, index }) => index < OPENING_LINES || index === all.length - 1 || line.tone !== "plain",
  );
  const lines = key.length > WHOLE_STORY_LINES ? key.slice(0, WHOLE_STORY_LINES) : key;
  return { lines, left: all.length - lines.length };
}
