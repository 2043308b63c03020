import { describe, expect, it } from "vitest";
import { dueRelative } from "./formatDue";

const now = new Date("2025-03-01T09:00:00.000Z");
const after = (ms: number) => new Date(now.getTime() + ms);

describe("dueRelative", () => {
  it("says when a review is due in words", () => {
    expect(dueRelative(after(20_000), now)).toBe("now");
    expect(dueRelative(after(-5 * 60_000), now)).toBe("5 minutes ago");
    expect(dueRelative(after(3 * 3_600_000), now)).toBe("in 3 hours");
    expect(dueRelative(after(86_400_000), now)).toBe("tomorrow");
    expect(dueRelative(after(3 * 86_400_000), now)).toBe("in 3 days");
    expect(dueRelative(after(-2 * 86_400_000), now)).toBe("2 days ago");
  });
});
