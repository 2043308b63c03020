import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { presetById } from "@/lib/scenario/presets";
import type { SimEvent } from "@/lib/sim/events";
import { simulate } from "@/lib/sim/simulate";
import { eventPhrase, firstDivergence } from "./divergence";

const ev = (t: number, seq: number, proc = "c1"): SimEvent => ({ kind: "work-end", proc, t, seq });

describe("first divergence", () => {
  it("is null for the same log, and ignores seq", () => {
    expect(firstDivergence([ev(1, 1), ev(2, 2)], [ev(1, 5), ev(2, 9)])).toBeNull();
  });

  it("is the first position where the events differ, at the earlier of their times", () => {
    expect(firstDivergence([ev(1, 1), ev(5, 2)], [ev(1, 1), ev(3, 2)])).toEqual({
      index: 1,
      t: 3,
      a: ev(5, 2),
      b: ev(3, 2),
    });
    expect(firstDivergence([ev(1, 1), ev(5, 2, "c1")], [ev(1, 1), ev(5, 2, "c2")])?.index).toBe(1);
  });

  it("is where the shorter log ends when one is a prefix of the other", () => {
    expect(firstDivergence([ev(1, 1)], [ev(1, 1), ev(4, 2)])).toEqual({ index: 1, t: 4, a: null, b: ev(4, 2) });
  });

  it("finds where gc-pause and its fenced twin part: the first grant, which carries a token only with fencing", () => {
    const plain = simulate(presetById("gc-pause")!.scenario);
    const fenced = simulate(presetById("gc-pause-fenced")!.scenario);
    const d = firstDivergence(plain.events, fenced.events)!;
    expect(d.a).toMatchObject({ kind: "grant", token: null });
    expect(d.b).toMatchObject({ kind: "grant", token: 1 });
    expect(plain.events.slice(0, d.index).map((e) => e.kind)).toEqual(
      fenced.events.slice(0, d.index).map((e) => e.kind),
    );
  });

  it("finds no difference before it, and one at it (property)", () => {
    const log = fc.array(fc.record({ t: fc.nat(1000), p: fc.constantFrom("c1", "c2") }), { maxLength: 20 });
    fc.assert(
      fc.property(log, log, (xs, ys) => {
        const a = xs.map((x, i) => ev(x.t, i, x.p));
        const b = ys.map((y, i) => ev(y.t, i, y.p));
        const d = firstDivergence(a, b);
        const same = (i: number) => a[i]?.t === b[i]?.t && a[i]?.proc === b[i]?.proc;
        if (d === null) return a.length === b.length && a.every((_, i) => same(i));
        for (let i = 0; i < d.index; i++) if (!same(i)) return false;
        return !same(d.index) || a.length !== b.length;
      }),
    );
  });
});

describe("an event in words", () => {
  it("says who did what, with the token", () => {
    const plain = simulate(presetById("gc-pause")!.scenario);
    const fenced = simulate(presetById("gc-pause-fenced")!.scenario);
    const d = firstDivergence(plain.events, fenced.events)!;
    expect(eventPhrase(d.a!)).toBe("redis grants c1 the lock (no token)");
    expect(eventPhrase(d.b!)).toBe("redis grants c1 the lock (token 1)");
    expect(eventPhrase(ev(1, 1))).toBe("c1: work end");
  });
});
