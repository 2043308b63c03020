import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { WORKERS } from "../../scripts/workers/list.mjs";
import { WORKER_NAMES } from "./workerScript";

describe("the workers the page starts", () => {
  it("are the bundles the build makes, each from a source that exists", () => {
    expect(Object.keys(WORKERS).sort()).toEqual([...WORKER_NAMES].sort());
    for (const source of Object.values(WORKERS)) expect(existsSync(source), source).toBe(true);
  });
});
