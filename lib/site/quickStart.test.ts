import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeLabSearch } from "../scenario/url";
import { quickStart, quickStartNext } from "./quickStart";

describe("the home page's quick start", () => {
  it("breaks a lock in predict mode, fixes it with a fence, then opens a lesson that exists", () => {
    const [breakIt, fixIt, readWhy] = quickStart;
    const lab = (href: string) => decodeLabSearch(href.replace(/^\/lab\//, ""));
    expect(lab(breakIt!.href)).toMatchObject({ presetId: "gc-pause", predict: true, problems: [] });
    expect(lab(fixIt!.href)).toMatchObject({ presetId: "gc-pause-fenced", predict: true, problems: [] });
    const lesson = /^\/learn\/([\w-]+)\/$/.exec(readWhy!.href)?.[1];
    expect(lesson && existsSync(join(process.cwd(), "content/lessons", `${lesson}.md`))).toBe(true);
  });

  it("never says what a run will do, since the learner predicts it", () => {
    for (const step of quickStart)
      expect(step.text, step.title).not.toMatch(/accept|reject|lost|land|safe|unsafe|overwrit/i);
  });

  it("leads from each of its lab runs to the step after it, and from no other run", () => {
    const [, fixIt, readWhy] = quickStart;
    expect(quickStartNext("gc-pause")).toEqual({ done: 1, next: fixIt });
    expect(quickStartNext("gc-pause-fenced")).toEqual({ done: 2, next: readWhy });
    expect(quickStartNext("redlock-clock-jump")).toBeNull();
    expect(quickStartNext(null)).toBeNull();
  });
});
