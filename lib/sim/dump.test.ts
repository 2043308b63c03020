import { it } from "vitest";
import { preset, run } from "./testing";
it("dump", () => {
  const r = run(preset(process.env.P!));
  for (const e of r.events) if (!["send","deliver"].includes(e.kind) || (e as any).proc==="c1") console.log(JSON.stringify(e));
  console.log(JSON.stringify(r.summary));
});
