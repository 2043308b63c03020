import { describe, expect, it } from "vitest";
import { idleProcess } from "@/lib/readers/topologyFrame";
import { stateText } from "./stateText";

describe("a client's card", () => {
  it("says the client believes it holds the lock, never that it holds it", () => {
    const state = { ...idleProcess(), status: "working" as const, holding: { token: 3, pastLease: false } };
    expect(stateText("client", state).detail).toBe("believes it holds the lock · token 3");
  });

  it("adds that the lease has ended when the belief outlived it", () => {
    const state = {
      ...idleProcess(),
      status: "paused" as const,
      pauseCause: "gc",
      holding: { token: null, pastLease: true },
    };
    expect(stateText("client", state)).toEqual({
      status: "paused (GC)",
      detail: "believes it holds the lock · no token · its lease has ended",
    });
  });
});
