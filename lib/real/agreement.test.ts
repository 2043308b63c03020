import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import { simulate } from "@/lib/sim";
import { agreement } from "./agreement";

const tokensRow = (run: ReturnType<typeof simulate>) =>
  agreement(run.scenario, run.summary, run.summary).find((row) => row.field === "tokens")!;

describe("real vs model, field by field", () => {
  it("says a run's tokens as a list, and 'none' where its grants carried none, never a raw []", () => {
    const fenced = simulate(presetById("gc-pause-fenced")!.scenario);
    expect(fenced.summary.tokens).toEqual([1, 2, 3]);
    expect(tokensRow(fenced)).toMatchObject({ model: "1, 2, 3", real: "1, 2, 3", agree: true });
    const withoutTokens = { ...fenced, summary: { ...fenced.summary, tokens: [] } };
    expect(tokensRow(withoutTokens)).toMatchObject({ model: "none", real: "none", agree: true });
  });
});
