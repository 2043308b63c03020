/**
 * The lab's state in its URL (ARCHITECTURE.md §5, "URL state"):
 *   /lab?preset=gc-pause            a preset as it is
 *   /lab?z=<code>&t=17012          any scenario, and the playhead in ms of true time
 *   /lab?preset=gc-pause&z=<code>  an edited preset (the preset names where it came from)
 *   &predict=1                      opens in predict mode
 *   &compare=guard                  shows the twin run with one thing flipped (compare/flips.ts)
 *   &map=<settings>                 the failure map's settings (explore/mapSettings.ts), passed on as
 *                                   written: the map reads it, and a bad one costs only the map
 * `z` is the JSON of the scenario's smallest equivalent form (minimize.ts), compressed with
 * lz-string, so a link round-trips exactly and stays well under the 8 KB many CDNs and proxies
 * allow. `s`, base64url of the same JSON uncompressed, is the older form: links made with it still
 * open. Decoding never throws: whatever is wrong comes back as problems, each a sentence naming
 * what was wrong, and the lab opens the default scenario instead.
 */
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from "lz-string";
import { presetById } from "@/lib/scenario/presets";
import { validateScenario, type ResolvedScenario, type Scenario } from "@/lib/sim/scenario";
import { flipParam, parseFlip, type Flip } from "./flips";
import { formatDuration, groupDigits } from "@/lib/sim/format";
import { minimizeScenario, sameJson } from "./minimize";

/** The scenario the lab opens with, and falls back to. */
export const DEFAULT_PRESET_ID = "gc-pause";

/**
 * What part of a link a problem is with, which says what it costs: a bad `preset` or `scenario`
 * costs the scenario (the default opens instead); a bad `compare` only the comparison, a bad
 * `playhead` only where the run starts.
 */
export type UrlProblemKind = "preset" | "scenario" | "compare" | "playhead";

export interface UrlProblem {
  kind: UrlProblemKind;
  /** The problem in a sentence naming what was wrong. */
  text: string;
}

/** Whether a problem cost the link its scenario, so the lab opened the default one. */
export const costsTheScenario = (problem: UrlProblem): boolean =>
  problem.kind === "preset" || problem.kind === "scenario";

/** Longer codes are refused before any decoding work: no real scenario comes close. */
export const MAX_CODE_LENGTH = 20_000;

/** Longer scenario text is refused once unpacked: a small code can unpack to a great deal. */
export const MAX_SCENARIO_TEXT = 200_000;

/** Many CDNs and proxies refuse URLs longer than 8 KB; a longer link may not open elsewhere. */
export const SAFE_LINK_LENGTH = 8_000;

export interface LabLocation {
  scenario: Scenario;
  /** The preset the scenario came from, if any. */
  presetId: string | null;
  /** The playhead in ms of true time; null for "the end of the run". */
  t: number | null;
  predict: boolean;
  /** The twin run's flip; absent or null for no comparison. */
  compare?: Flip | null;
  /** The failure map's `map` parameter as written; absent or null for none. */
  map?: string | null;
}

export interface DecodedLocation extends LabLocation {
  /** What was wrong with the URL, one problem each; empty when nothing was. */
  problems: UrlProblem[];
}

/** A scenario opened on its own, as a level opens its run: no preset, no playhead, nothing wrong. */
export const locationOfScenario = (scenario: Scenario): DecodedLocation => ({
  scenario,
  presetId: null,
  t: null,
  predict: false,
  problems: [],
});

function defaultLocation(): LabLocation {
  const preset = presetById(DEFAULT_PRESET_ID);
  if (!preset) throw new Error(`the default preset "${DEFAULT_PRESET_ID}" is missing`);
  return { scenario: preset.scenario, presetId: preset.id, t: null, predict: false };
}

export function base64urlEncode(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The text a base64url code holds, or null if it is not base64url of UTF-8 text. */
export function base64urlDecode(code: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(code) || code.length % 4 === 1) return null;
  try {
    const binary = atob(code.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (code.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The scenario's `s` code: base64url of its smallest form. It is the older link form, and the key
 * the learner's predictions are stored under (progress saved with it must still match).
 */
export function encodeScenario(scenario: Scenario): string {
  return base64urlEncode(JSON.stringify(minimizeScenario(scenario)));
}

/** The scenario's `z` code, for links: its smallest form, compressed. */
export function compressScenario(scenario: Scenario): string {
  return compressToEncodedURIComponent(JSON.stringify(minimizeScenario(scenario)));
}

/** The text a `z` code holds, or null if it is not lz-string's URI-safe form of any text. */
function decompressCode(code: string): string | null {
  // A "+" in a query string reads as a space; lz-string puts it back.
  if (!/^[A-Za-z0-9+$ -]*$/.test(code)) return null;
  try {
    return decompressFromEncodedURIComponent(code) || null;
  } catch {
    return null;
  }
}

/** A scenario from its link code (`z`, or the older `s`), or the problems that stop it from being one. */
export function decodeScenario(
  code: string,
  form: "z" | "s" = "s",
): { ok: true; scenario: Scenario } | { ok: false; problems: string[] } {
  if (code.length > MAX_CODE_LENGTH) {
    return {
      ok: false,
      problems: [
        `The link's scenario is ${groupDigits(code.length)} characters long; the limit is ${groupDigits(MAX_CODE_LENGTH)}.`,
      ],
    };
  }
  const text = form === "z" ? decompressCode(code) : base64urlDecode(code);
  if (text === null) {
    const how = form === "z" ? "is not a compressed scenario" : "is not valid base64url";
    return { ok: false, problems: [`The link's scenario (${form}=…) ${how}: it may have been cut short or changed.`] };
  }
  if (text.length > MAX_SCENARIO_TEXT) {
    return {
      ok: false,
      problems: [
        `The link's scenario unpacks to ${groupDigits(text.length)} characters; the limit is ${groupDigits(MAX_SCENARIO_TEXT)}.`,
      ],
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {
      ok: false,
      problems: [`The link's scenario (${form}=…) does not hold valid JSON: it may have been cut short or changed.`],
    };
  }
  const validation = validateScenario(json);
  if (!validation.ok)
    return { ok: false, problems: validation.errors.map((error) => `The link's scenario is not valid: ${error}.`) };
  return { ok: true, scenario: json as Scenario };
}

/** Whether a scenario means the same as its preset (so the URL can name the preset alone). */
export function isPresetAsIs(scenario: Scenario, presetId: string | null): boolean {
  const preset = presetId ? presetById(presetId) : undefined;
  if (!preset) return false;
  const a = validateScenario(scenario);
  const b = validateScenario(preset.scenario);
  return a.ok && b.ok && sameJson(a.scenario, b.scenario) && sameJson(a.warnings, b.warnings);
}

function parseT(raw: string, durationMs: number): { t: number | null; problem: string | null } {
  if (!/^\d+(\.\d+)?$/.test(raw))
    return {
      t: null,
      problem: `The playhead t=${raw.slice(0, 40)} is not a time in milliseconds; it starts at the end of the run.`,
    };
  const t = Math.round(Number(raw));
  if (t > durationMs)
    return {
      t: durationMs,
      problem: `The playhead t=${t} is past the end of the run (${formatDuration(durationMs)}); it starts at the end.`,
    };
  return { t, problem: null };
}

/** Reads the lab's state from a URL query string ("?preset=…&t=…"). Never throws. */
export function decodeLabSearch(search: string): DecodedLocation {
  const params = new URLSearchParams(search);
  const problems: UrlProblem[] = [];
  const presetParam = params.get("preset");
  // A link has one of the two forms; the compressed one wins if someone wrote both.
  const packed = params.get("z");
  const code = packed ?? params.get("s");
  const predict = params.get("predict") === "1";
  const compareParam = params.get("compare");
  const compare = compareParam === null ? null : parseFlip(compareParam);
  const map = params.get("map");
  let location: LabLocation | null = null;

  const preset = presetParam === null ? undefined : presetById(presetParam);
  if (presetParam !== null && !preset)
    problems.push({ kind: "preset", text: `There is no preset named "${presetParam.slice(0, 60)}".` });
  if (code !== null) {
    const decoded = decodeScenario(code, packed === null ? "s" : "z");
    if (decoded.ok) location = { scenario: decoded.scenario, presetId: preset?.id ?? null, t: null, predict };
    else problems.push(...decoded.problems.map((text): UrlProblem => ({ kind: "scenario", text })));
  } else if (preset) {
    location = { scenario: preset.scenario, presetId: preset.id, t: null, predict };
  }
  // A comparison the lab does not know is dropped on its own: the scenario still opens.
  const compareProblems: UrlProblem[] =
    compareParam !== null && compare === null
      ? [
          {
            kind: "compare",
            text: `The comparison compare=${compareParam.slice(0, 40)} is not one the lab knows; the lab opened without it.`,
          },
        ]
      : [];
  if (problems.length || !location)
    return { ...defaultLocation(), predict, compare, map, problems: [...problems, ...compareProblems] };
  location.compare = compare;
  location.map = map;
  problems.push(...compareProblems);

  const raw = params.get("t");
  if (raw !== null) {
    const resolved = validateScenario(location.scenario) as { ok: true; scenario: ResolvedScenario };
    const { t, problem } = parseT(raw, resolved.scenario.durationMs);
    location.t = t;
    if (problem) problems.push({ kind: "playhead", text: problem });
  }
  return { ...location, problems };
}

/**
 * The query string for a lab state: the preset alone while the scenario is the preset as it is,
 * otherwise the scenario's code (and its preset of origin). `share` always includes the code, so
 * a copied link opens this exact scenario even if the preset changes later.
 */
export function encodeLabSearch(state: LabLocation, options: { share?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (state.presetId) params.set("preset", state.presetId);
  if (options.share || !isPresetAsIs(state.scenario, state.presetId)) params.set("z", compressScenario(state.scenario));
  if (state.t !== null) params.set("t", String(Math.round(state.t)));
  if (state.predict) params.set("predict", "1");
  if (state.compare) params.set("compare", flipParam(state.compare));
  if (state.map) params.set("map", state.map);
  const text = params.toString();
  return text ? `?${text}` : "";
}
