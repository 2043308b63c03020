import { describe, expect, it } from "vitest";
import { Rng } from "./rng";

const draws = (rng: Rng, n = 20) => Array.from({ length: n }, () => rng.next());

describe("Rng", () => {
  it("gives the same sequence for the same seed", () => {
    expect(draws(new Rng(42))).toEqual(draws(new Rng(42)));
  });

  it("gives different sequences for different seeds", () => {
    expect(draws(new Rng(1))).not.toEqual(draws(new Rng(2)));
  });

  it("draws floats in [0, 1)", () => {
    for (const x of draws(new Rng(7), 10_000)) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });

  it("draws uniform floats within [lo, hi] and whole numbers within [lo, hi] inclusive", () => {
    const rng = new Rng(3);
    const ints = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const u = rng.uniform(100, 300);
      expect(u).toBeGreaterThanOrEqual(100);
      expect(u).toBeLessThanOrEqual(300);
      const n = rng.int(1, 4);
      expect(Number.isInteger(n)).toBe(true);
      ints.add(n);
    }
    expect([...ints].sort()).toEqual([1, 2, 3, 4]);
  });

  it("draws exponentials with about the requested mean", () => {
    const rng = new Rng(9);
    const n = 20_000;
    let sum = 0;
    for (let i = 0; i < n; i++) sum += rng.exponential(4000);
    expect(sum / n).toBeGreaterThan(3800);
    expect(sum / n).toBeLessThan(4200);
  });

  it("forks a stream that later draws from the parent do not disturb", () => {
    const quiet = new Rng(5);
    const quietFork = quiet.fork();
    const busy = new Rng(5);
    const busyFork = busy.fork();
    draws(busy, 1000);
    expect(draws(busyFork)).toEqual(draws(quietFork));
  });

  it("forks streams that differ from each other and from the parent", () => {
    const parent = new Rng(5);
    const a = parent.fork();
    const b = parent.fork();
    const fromA = draws(a);
    const fromB = draws(b);
    expect(fromA).not.toEqual(fromB);
    expect(draws(parent)).not.toEqual(fromA);
  });
});
