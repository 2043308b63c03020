import { describe, expect, it } from "vitest";
import { MAX_MAP_WORKERS, mapWorkerCount } from "./mapRunner";

describe("how many map workers", () => {
  it("is one per core, at least one and at most the cap", () => {
    expect(mapWorkerCount(2)).toBe(2);
    expect(mapWorkerCount(undefined)).toBe(2);
    expect(mapWorkerCount(0)).toBe(2);
    expect(mapWorkerCount(1)).toBe(1);
    expect(mapWorkerCount(64)).toBe(MAX_MAP_WORKERS);
  });
});
