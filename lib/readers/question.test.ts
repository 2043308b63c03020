import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import { simulate } from "@/lib/sim";
import { questionsFor } from "./question";
import { storyOf } from "./story";

const questions = (id: string) => {
  const result = simulate(presetById(id)!.scenario);
  return questionsFor(result, storyOf(result).lines);
};

describe("predict mode's questions", () => {
  it("asks first whether storage will accept the stale write, stopping the timeline before it lands", () => {
    const [fenced] = questions("gc-pause-fenced");
    expect(fenced).toMatchObject({
      id: "write-c1-17012",
      prompt: "Will storage accept c1's write (token 1) at 17.0 s?",
      answer: "reject",
    });
    expect(fenced!.explanation).toContain("storage had already seen 2 and rejected it");
    expect(fenced!.momentT).toBeLessThan(17_011.9);
    expect(fenced!.momentT).toBeGreaterThan(17_000);
    expect(questions("gc-pause")[0]!.answer).toBe("accept");
  });

  it("asks whether any update will be lost, from the first fault on", () => {
    const lost = questions("gc-pause").find((q) => q.id === "lost-update")!;
    expect(lost).toMatchObject({ prompt: "Will any update be lost?", answer: "yes", momentT: 1000 });
    expect(lost.explanation).toContain("c2's increment was lost");
    expect(questions("ttl-renewed").find((q) => q.id === "lost-update")).toMatchObject({ answer: "no" });
  });

  it("asks about double runs for the cron workload", () => {
    expect(questions("cron-double-run").map((q) => q.id)).toContain("duplicate-effect");
    expect(questions("cron-idempotency").find((q) => q.id === "duplicate-effect")?.answer).toBe("no");
  });

  it("always has an answer among its options", () => {
    for (const id of ["gc-pause", "no-lock", "zk-partition", "outage-fail-open", "redlock-clock-jump"]) {
      for (const q of questions(id)) expect(q.options.map((o) => o.id)).toContain(q.answer);
    }
  });
});
