import { describe, expect, it } from "vitest";
import { linearScale, logScale, roundNice } from "./scales";

describe("roundNice", () => {
  it("keeps two significant digits", () => {
    expect(roundNice(10_471)).toBe(10_000);
    expect(roundNice(17_320)).toBe(17_000);
    expect(roundNice(523)).toBe(520);
    expect(roundNice(7.4)).toBe(7);
  });
});

describe("logScale", () => {
  const ttl = logScale(500, 120_000, 60);

  it("runs from min to max, each step a constant ratio", () => {
    expect(ttl.max).toBe(60);
    expect(ttl.toValue(0)).toBe(500);
    expect(ttl.toValue(60)).toBe(120_000);
    const values = Array.from({ length: 61 }, (_, p) => ttl.toValue(p) as number);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]!);
  });

  it("maps every step's value back to its own position", () => {
    for (let p = 0; p <= ttl.max; p++) expect(ttl.toPosition(ttl.toValue(p))).toBe(p);
  });

  it("shows a value between steps at the nearer one", () => {
    const p = ttl.toPosition(10_000);
    expect(Math.abs((ttl.toValue(p) as number) - 10_000)).toBeLessThan(1000);
  });

  it("has an off position below the range when asked", () => {
    const renew = logScale(100, 60_000, 40, { value: null });
    expect(renew.max).toBe(41);
    expect(renew.toValue(0)).toBeNull();
    expect(renew.toValue(1)).toBe(100);
    expect(renew.toPosition(null)).toBe(0);
    const margin = logScale(10, 60_000, 40, { value: 0 });
    expect(margin.toValue(0)).toBe(0);
    expect(margin.toPosition(0)).toBe(0);
    expect(margin.toPosition(10)).toBe(1);
  });
});

describe("linearScale", () => {
  it("counts whole numbers", () => {
    const clients = linearScale(1, 64);
    expect(clients.max).toBe(63);
    expect(clients.toValue(0)).toBe(1);
    expect(clients.toValue(63)).toBe(64);
    expect(clients.toPosition(5)).toBe(4);
  });
});
