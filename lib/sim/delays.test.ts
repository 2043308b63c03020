import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { DelayFaults } from "./delays";

describe("the delay faults of the network", () => {
  it("hold up each message as the rule says: the first delay in the fault list begun on its link and not yet used", () => {
    const delay = fc.record({
      link: fc.integer({ min: 0, max: 3 }),
      atMs: fc.integer({ min: 0, max: 100 }),
      byMs: fc.integer({ min: 1, max: 50 }),
    });
    const send = fc.record({ link: fc.integer({ min: 0, max: 3 }), gapMs: fc.integer({ min: 0, max: 10 }) });
    fc.assert(
      fc.property(fc.array(delay, { maxLength: 40 }), fc.array(send, { maxLength: 60 }), (delays, sends) => {
        const indexed = new DelayFaults();
        for (const d of delays) indexed.add(d.link, d.atMs, d.byMs);
        // The rule as a scan of the whole list, as the network did it before the index.
        const list = delays.map((d) => ({ ...d, used: false }));
        let now = 0;
        for (const s of sends) {
          now += s.gapMs;
          const d = list.find((x) => !x.used && x.link === s.link && x.atMs <= now);
          if (d) d.used = true;
          expect(indexed.take(s.link, now)).toBe(d?.byMs ?? 0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("cost a message the same however many there are on other links or later in time", () => {
    const faults = new DelayFaults();
    for (let i = 0; i < 100_000; i++) faults.add(i % 7, 1_000 + i, 5);
    // 100,000 delays, and a message on a link whose delays have not begun finds none.
    for (let t = 0; t < 1_000; t++) expect(faults.take(3, t)).toBe(0);
    expect(faults.take(3, 1_003)).toBe(5);
  });
});
