import { describe, expect, it } from "vitest";
import { presets } from "@/lib/scenario/presets";
import { validateScenario, type Scenario } from "@/lib/sim/scenario";
import { withLease } from "./edits";
import { compressToEncodedURIComponent } from "lz-string";
import {
  base64urlDecode,
  base64urlEncode,
  costsTheScenario,
  decodeLabSearch,
  DEFAULT_PRESET_ID,
  encodeLabSearch,
  encodeScenario,
  MAX_CODE_LENGTH,
  SAFE_LINK_LENGTH,
} from "./url";

const resolved = (s: Scenario) => {
  const v = validateScenario(s);
  if (!v.ok) throw new Error(v.errors.join("\n"));
  return v.scenario;
};
const gcPause = presets.find((p) => p.id === "gc-pause")!;

describe("base64url", () => {
  it("round-trips any text, UTF-8 included, with no padding or unsafe characters", () => {
    for (const text of ["", "a", "ab", '{"name":"Lock · ✓ 33 < 34"}', "x".repeat(1000)]) {
      const code = base64urlEncode(text);
      expect(code).toMatch(/^[A-Za-z0-9_-]*$/);
      expect(base64urlDecode(code)).toBe(text);
    }
  });

  it("rejects what is not base64url of UTF-8", () => {
    expect(base64urlDecode("abc$")).toBeNull();
    expect(base64urlDecode("a")).toBeNull();
    expect(base64urlDecode(base64urlEncode("ok").slice(0, -1) + "+")).toBeNull();
    expect(base64urlDecode("_w")).toBeNull(); // 0xff is not UTF-8
  });
});

describe("a link round-trips exactly", () => {
  it("for every preset, edited or not, with its playhead", () => {
    for (const preset of presets) {
      const edited = withLease(preset.scenario, 12_345);
      for (const scenario of [preset.scenario, edited]) {
        const search = encodeLabSearch({ scenario, presetId: preset.id, t: 17_012, predict: false }, { share: true });
        const decoded = decodeLabSearch(search);
        expect(decoded.problems).toEqual([]);
        expect(resolved(decoded.scenario)).toEqual(resolved(scenario));
        expect(decoded.presetId).toBe(preset.id);
        expect(decoded.t).toBe(17_012);
        // Encoding what was decoded gives the same link: one meaning, one spelling.
        expect(encodeLabSearch({ ...decoded, predict: false }, { share: true })).toBe(search);
      }
    }
  });

  it("names only the preset while the scenario is the preset as it is", () => {
    expect(encodeLabSearch({ scenario: gcPause.scenario, presetId: "gc-pause", t: null, predict: false })).toBe(
      "?preset=gc-pause",
    );
    const edited = encodeLabSearch({
      scenario: withLease(gcPause.scenario, 20_000),
      presetId: "gc-pause",
      t: 500,
      predict: true,
    });
    expect(edited).toMatch(/^\?preset=gc-pause&z=[\w%-]+&t=500&predict=1$/);
  });

  it("keeps only the fields that differ from the defaults", () => {
    const code = encodeScenario({ ...gcPause.scenario, seed: 1, durationMs: 60_000, storage: { guard: "none" } });
    expect(code).toBe(encodeScenario(gcPause.scenario));
    expect(JSON.parse(base64urlDecode(code)!)).not.toHaveProperty("storage");
  });
});

describe("a tampered or malformed URL", () => {
  const fallsBack = (search: string) => {
    const decoded = decodeLabSearch(search);
    expect(decoded.presetId).toBe(DEFAULT_PRESET_ID);
    expect(decoded.scenario).toEqual(gcPause.scenario);
    expect(decoded.problems.length).toBeGreaterThan(0);
    // Every problem that opens the default scenario instead is one that cost the link its scenario.
    expect(decoded.problems.every(costsTheScenario)).toBe(true);
    return decoded.problems.map((problem) => problem.text).join(" ");
  };

  it("opens the default scenario with nothing to say when there is no query", () => {
    expect(decodeLabSearch("")).toMatchObject({ presetId: DEFAULT_PRESET_ID, t: null, problems: [] });
  });

  it("says which preset does not exist", () => {
    expect(fallsBack("?preset=no-such-thing")).toContain('There is no preset named "no-such-thing"');
  });

  it("says the code is not base64url or not JSON", () => {
    expect(fallsBack("?s=%%%")).toContain("not valid base64url");
    expect(fallsBack(`?s=${base64urlEncode("{not json")}`)).toContain("does not hold valid JSON");
  });

  it("names every field the engine refuses, limits included", () => {
    const tampered = { ...gcPause.scenario, clients: { count: 65 }, durationMs: -1, bogus: true };
    const text = fallsBack(`?s=${base64urlEncode(JSON.stringify(tampered))}`);
    expect(text).toContain("clients.count: must be ≤ 64");
    expect(text).toContain("durationMs: must be ≥ 1");
    expect(text).toContain("bogus: unknown field");
  });

  it("refuses a code longer than any real scenario", () => {
    expect(fallsBack(`?s=${"A".repeat(20_001)}`)).toContain("the limit is 20,000");
  });

  it("keeps a good scenario but drops a bad playhead, saying why", () => {
    const bad = decodeLabSearch("?preset=gc-pause-fenced&t=soon");
    expect(bad.presetId).toBe("gc-pause-fenced");
    expect(bad.t).toBeNull();
    expect(bad.problems).toMatchObject([{ kind: "playhead", text: expect.stringContaining("t=soon is not a time") }]);
    const late = decodeLabSearch("?preset=gc-pause&t=99999999");
    expect(late.t).toBe(60_000);
    expect(late.problems).toMatchObject([
      { kind: "playhead", text: expect.stringContaining("past the end of the run") },
    ]);
  });
});

describe("the compare parameter", () => {
  it("round-trips, and old links without it open with no comparison", () => {
    const search = encodeLabSearch({
      scenario: gcPause.scenario,
      presetId: gcPause.id,
      t: 1200,
      predict: false,
      compare: { kind: "service", to: "etcd" },
    });
    expect(search).toBe("?preset=gc-pause&t=1200&compare=service.etcd");
    expect(decodeLabSearch(search)).toMatchObject({
      presetId: "gc-pause",
      t: 1200,
      compare: { kind: "service", to: "etcd" },
      problems: [],
    });
    expect(decodeLabSearch("?preset=gc-pause").compare).toBeNull();
  });

  it("drops a malformed comparison with a notice, and keeps the scenario", () => {
    const decoded = decodeLabSearch("?preset=gc-pause-fenced&compare=fencing%3Don");
    expect(decoded.presetId).toBe("gc-pause-fenced");
    expect(decoded.compare).toBeNull();
    expect(decoded.problems).toEqual([
      {
        kind: "compare",
        text: "The comparison compare=fencing=on is not one the lab knows; the lab opened without it.",
      },
    ]);
  });
});

describe("a link's length", () => {
  const origin = "https://lease-lab.example/lab/";

  it("stays short for every preset, edited: the compressed form is a fraction of the old one", () => {
    for (const preset of presets) {
      const scenario = withLease(preset.scenario, 12_345);
      const link = encodeLabSearch({ scenario, presetId: preset.id, t: 17_012, predict: false }, { share: true });
      const old = `?preset=${preset.id}&s=${encodeScenario(scenario)}&t=17012`;
      expect(link.length).toBeLessThan(old.length);
      expect(link.length).toBeLessThan(1_000);
    }
  });

  it("keeps a scenario with many faults under the 8 KB that CDNs allow", () => {
    const faults = Array.from({ length: 150 }, (_, i) => ({
      kind: "delay" as const,
      from: "c1",
      to: "storage",
      atMs: i * 397,
      byMs: 1000 + ((i * 7919) % 5000),
    }));
    const scenario = { ...gcPause.scenario, faults };
    const link = origin + encodeLabSearch({ scenario, presetId: null, t: null, predict: false }, { share: true });
    expect(`${origin}?s=${encodeScenario(scenario)}`.length).toBeGreaterThan(SAFE_LINK_LENGTH);
    expect(link.length).toBeLessThan(SAFE_LINK_LENGTH);
    expect(resolved(decodeLabSearch(new URL(link).search).scenario).faults).toHaveLength(150);
  });

  it("opens old links in the s= form as they always did", () => {
    for (const preset of presets) {
      const scenario = withLease(preset.scenario, 4_321);
      const decoded = decodeLabSearch(`?preset=${preset.id}&s=${encodeScenario(scenario)}&t=100`);
      expect(decoded.problems).toEqual([]);
      expect(resolved(decoded.scenario)).toEqual(resolved(scenario));
    }
  });

  it("says a compressed code is damaged, too long, or unpacks to too much", () => {
    const problems = (search: string) =>
      decodeLabSearch(search)
        .problems.map((problem) => problem.text)
        .join(" ");
    expect(problems("?z=%%%")).toContain("(z=…) is not a compressed scenario");
    expect(problems("?z=abc")).toMatch(/is not a compressed scenario|does not hold valid JSON/);
    expect(problems(`?z=${"A".repeat(20_001)}`)).toContain("the limit is 20,000");
    const bomb = compressToEncodedURIComponent(`{"name":"${"x".repeat(300_000)}"}`);
    expect(bomb.length).toBeLessThan(MAX_CODE_LENGTH);
    expect(problems(`?z=${bomb}`)).toBe("The link's scenario unpacks to 300,011 characters; the limit is 200,000.");
  });
});
