import { describe, expect, it } from "vitest";
import { codeFromSearch, codeKeep, codeKept, codeSearch } from "./codeShare";

describe("code in a link and in the browser", () => {
  const source = 'function* client({ redis }) {\n  yield redis.set("lock", "a+b", { NX: true });\n}\n';

  it("round-trips code through a link, even when a + became a space", () => {
    expect(codeFromSearch(codeSearch(source))).toEqual({ source });
    expect(codeFromSearch(codeSearch(source).replace(/\+/g, " "))).toEqual({ source });
    expect(codeFromSearch("?code=%%%")).toMatchObject({ problem: expect.stringMatching(/could not be read/) });
    expect(codeFromSearch("")).toBeNull();
  });

  it("keeps each level's code apart", () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    };
    expect(codeKeep(storage, "a", source)).toBe(true);
    expect(codeKept(storage, "a")).toBe(source);
    expect(codeKept(storage, "b")).toBeNull();
    codeKeep(storage, "a", null);
    expect(codeKept(storage, "a")).toBeNull();
  });
});
