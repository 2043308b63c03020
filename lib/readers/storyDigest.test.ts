import { describe, expect, it } from "vitest";
import type { Story, StoryLine, StoryTone } from "./story";
import { storyDigest, WHOLE_STORY_LINES } from "./storyDigest";

const story = (tones: StoryTone[]): Story => ({
  lines: tones.map((tone, i): StoryLine => ({ t: i * 100, seq: i, text: `Line ${i}.`, tone })),
  omitted: 0,
});

describe("a long story's key lines", () => {
  it("tell a short story whole", () => {
    const short = story(Array<StoryTone>(WHOLE_STORY_LINES).fill("plain"));
    expect(storyDigest(short)).toEqual({ lines: short.lines.map((line, index) => ({ line, index })), left: 0 });
  });

  it("keep how a long run began and ended, and every fault, harm and caught write, in order", () => {
    const tones = Array<StoryTone>(400).fill("plain");
    tones[120] = "fault";
    tones[250] = "danger";
    tones[251] = "safe";
    const digest = storyDigest(story(tones));
    expect(digest.lines.map((l) => l.index)).toEqual([0, 1, 2, 120, 250, 251, 399]);
    expect(digest.left).toBe(393);
  });

  it("never grow past a whole short story's length", () => {
    const digest = storyDigest(story(Array<StoryTone>(500).fill("danger")));
    expect(digest.lines).toHaveLength(WHOLE_STORY_LINES);
    expect(digest.left).toBe(460);
  });
});
