import { describe, expect, it } from "vitest";
import { codeApiDocsLoad } from "./codeApiDocs";

describe("the learner API's docs, read from api.ts", () => {
  const docs = codeApiDocsLoad();
  const byName = new Map(docs.map((d) => [d.name, d]));

  it("lists api's own members and the members of each object it holds, each with its JSDoc", () => {
    expect(byName.get("sleep")).toMatchObject({ owner: null, kind: "method", signature: "sleep(ms: number): Step<void>" });
    expect(byName.get("redis.set")?.doc).toMatch(/SET key value NX PX ms/);
    expect(byName.get("storage.write")?.signature).toMatch(/^storage\.write\(key: string, value: number/);
    expect(byName.get("clock.monotonic")?.doc).toMatch(/Never jumps/);
    expect(docs.every((d) => d.doc.length > 0)).toBe(true);
  });
});
