import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import { decodeLabSearch, encodeLabSearch } from "../scenario/url";
import {
  decodeMapSettings,
  defaultMapSettings,
  encodeMapSettings,
  mapSettingsProblems,
  mapWork,
  type MapSettings,
} from "./mapSettings";

const chaos = presetById("chaos-default")!.scenario;
const big: MapSettings = {
  x: { axis: "lease-ttl", range: [1000, 60000], count: 40 },
  y: { axis: "pause-length", range: [100, 30000], count: 40 },
  seeds: 20,
  layer: "unsafe",
};

describe("map settings in the URL", () => {
  it("round-trips, in characters a link keeps as they are", () => {
    const code = encodeMapSettings(big);
    expect(code).toBe("lease-ttl_1000_60000_40.pause-length_100_30000_40.20");
    expect(new URLSearchParams({ map: code }).toString()).toBe(`map=${code}`);
    expect(decodeMapSettings(code)).toEqual({ ok: true, settings: big });
    const overlap = { ...big, layer: "overlap" as const };
    expect(decodeMapSettings(encodeMapSettings(overlap))).toEqual({ ok: true, settings: overlap });
  });

  it("travels with the lab's state, and a link without it has none", () => {
    const search = encodeLabSearch({
      scenario: chaos,
      presetId: "chaos-default",
      t: null,
      predict: false,
      map: encodeMapSettings(big),
    });
    expect(search).toBe("?preset=chaos-default&map=lease-ttl_1000_60000_40.pause-length_100_30000_40.20");
    expect(decodeLabSearch(search)).toMatchObject({
      presetId: "chaos-default",
      map: encodeMapSettings(big),
      problems: [],
    });
    expect(decodeLabSearch("?preset=chaos-default").map).toBeNull();
    // A broken scenario costs the scenario, not the map.
    expect(decodeLabSearch("?s=%%%&map=x").map).toBe("x");
  });

  it("turns anything malformed into a sentence, never an exception", () => {
    for (const raw of [
      "",
      "x",
      "lease-ttl_1_2_3",
      "warp_1_2_3.clients_1_2_3.4",
      "lease-ttl_1_2_3.clients_1_2_3.4.heat",
      "lease-ttl_1_2_3.clients_1_2_3.-4",
      "a".repeat(5000),
    ]) {
      const decoded = decodeMapSettings(raw);
      expect(decoded.ok).toBe(false);
      if (!decoded.ok) expect(decoded.problems[0]).toMatch(/map settings in this link/);
    }
    expect(decodeMapSettings("lease-ttl_5000_1000_10.clients_1_20_10.5")).toEqual({
      ok: false,
      problems: ["Lease TTL: the low end must be below the high end."],
    });
  });
});

describe("map settings' problems", () => {
  it("accepts the defaults and the issue's 40 × 40 × 20", () => {
    expect(mapSettingsProblems(defaultMapSettings(chaos), chaos)).toEqual([]);
    expect(mapSettingsProblems(big, chaos)).toEqual([]);
  });

  it("names each problem", () => {
    const same = { ...big, y: { ...big.y, axis: "lease-ttl" as const } };
    expect(mapSettingsProblems(same)).toContain("The two axes must be different parameters.");
    expect(mapSettingsProblems({ ...big, seeds: 0 })).toEqual(["Seeds per cell must be a whole number from 1 to 100."]);
    expect(mapSettingsProblems({ ...big, x: { ...big.x, count: 1 } })).toEqual([
      "The number of columns must be a whole number from 2 to 50.",
    ]);
    expect(
      mapSettingsProblems({ ...big, x: { ...big.x, count: 50 }, y: { ...big.y, count: 50 }, seeds: 100 })[0],
    ).toMatch(/250,000 runs is more than the map's limit of 100,000/);
  });

  it("says when an axis does not apply to the scenario", () => {
    const noLock = presetById("no-lock")!.scenario;
    expect(defaultMapSettings(noLock).x.axis).toBe("work-time");
    expect(mapSettingsProblems(big, noLock)[0]).toMatch(/^Lease TTL does not apply to this scenario: With no lock/);
  });
});

describe("a map's work", () => {
  it("counts the cells the axes give and the runs over their seeds", () => {
    const decoded = decodeMapSettings("lease-ttl_1000_60000_50.pause-length_100_30000_40.50");
    if (!decoded.ok) throw new Error(decoded.problems.join(" "));
    expect(mapWork(decoded.settings)).toEqual({ cells: 2000, runs: 100_000 });
  });
});
