import { it } from "vitest";
import { presetById } from "@/lib/sim/presets";
import { simulate } from "@/lib/sim";
import { storyOf } from "@/lib/lab/story";
it("x", () => { for (const id of (process.env.P ?? "").split(",")) { const r = simulate(presetById(id)!.scenario); console.log(id, JSON.stringify(r.summary.verdict), r.summary.concurrentSectionsMs, r.summary.overlapMs); for (const l of storyOf(r).lines) console.log("  " + l.text); } });
