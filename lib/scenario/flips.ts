/**
 * Twin runs: the lab's scenario and the same scenario, same seed, with one thing flipped. A flip
 * reuses the lab's own edits (edits.ts, toggles.ts) and its guard availability (options.ts), so
 * the twin is valid whenever the lab itself could make that change; what cannot be made valid is
 * refused with the reason. The flip travels in the URL as `compare=<kind>` or `compare=<kind>.<value>`.
 */
import type { ResolvedScenario, Scenario } from "@/lib/sim/scenario";
import { serviceKinds, serviceLabel, guardLabel } from "./catalog";
import { leaseOf, settle, withGuard, withService } from "./edits";
import { formatDuration } from "@/lib/sim/format";
import { guardOptions } from "./options";
import { sliders } from "./sliders";
import { toggles, type ToggleId } from "./toggles";

export type FlipKind = "guard" | "service" | "ttl" | "check" | "fence-reads" | "monotonic";

export type Flip =
  | { kind: "guard" | "check" | "fence-reads" | "monotonic" }
  | { kind: "service"; to: string }
  | { kind: "ttl"; ms: number };

export const flipKinds: readonly FlipKind[] = ["guard", "service", "ttl", "check", "fence-reads", "monotonic"];

export const flipKindLabels: Record<FlipKind, string> = {
  guard: "Storage guard",
  service: "Lock service",
  ttl: "Lease TTL",
  check: "Check lease before write",
  "fence-reads": "Fence reads",
  monotonic: "Monotonic clock",
};

const toggleOf: Partial<Record<FlipKind, ToggleId>> = {
  check: "checkBeforeWrite",
  "fence-reads": "fenceReads",
  monotonic: "monotonic",
};

/** The lab's own "Lease TTL" slider knows which services have a TTL and how to set it. */
const leaseSlider = sliders.find((s) => s.id === "lease")!;

/** Longest TTL a flip may ask for: an hour, the longest run. */
const MAX_TTL_MS = 3_600_000;

/** The flip's text in the URL. */
export function flipParam(flip: Flip): string {
  if (flip.kind === "service") return `service.${flip.to}`;
  if (flip.kind === "ttl") return `ttl.${flip.ms}`;
  return flip.kind;
}

/** A flip from its URL text, or null if it is not one. */
export function parseFlip(raw: string): Flip | null {
  const [kind, value, ...more] = raw.split(".");
  if (more.length) return null;
  if (kind === "service")
    return value && (serviceKinds as readonly string[]).includes(value) ? { kind, to: value } : null;
  if (kind === "ttl")
    return value && /^\d{1,7}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_TTL_MS
      ? { kind, ms: Number(value) }
      : null;
  if (value !== undefined) return null;
  return kind === "guard" || kind === "check" || kind === "fence-reads" || kind === "monotonic" ? { kind } : null;
}

/** The flip a kind starts with for this scenario: the other guard, etcd (or Redis from etcd), twice the lease. */
export function defaultFlip(kind: FlipKind, input: Scenario, resolved: ResolvedScenario): Flip {
  if (kind === "service") return { kind, to: resolved.service.kind === "etcd" ? "redis" : "etcd" };
  if (kind === "ttl") return { kind, ms: Math.min(MAX_TTL_MS, 2 * (leaseOf(input, resolved) ?? 5000)) };
  return { kind };
}

export type Twin =
  { ok: true; scenario: Scenario; label: string; original: string; notes: string[] } | { ok: false; reason: string };

const guardFlipTarget = (resolved: ResolvedScenario) => (resolved.storage.guard === "fencing" ? "none" : "fencing");

/**
 * The twin scenario, labelled by what it changed ("Storage guard: Fencing token") beside what the
 * lab's scenario has ("Storage guard: None: last writer wins"), with the lab's notes on anything
 * else the change needed (Redis handing out INCR tokens); or why the flip cannot apply.
 */
export function flipScenario(input: Scenario, resolved: ResolvedScenario, flip: Flip): Twin {
  let scenario: Scenario;
  let label: string;
  let original: string;
  const name = flipKindLabels[flip.kind];
  switch (flip.kind) {
    case "guard": {
      const target = guardFlipTarget(resolved);
      const option = guardOptions(resolved).find((o) => o.kind === target);
      if (option && !option.availability.ok) return { ok: false, reason: option.availability.reason };
      scenario = withGuard(input, target);
      original = guardLabel(resolved.storage.guard);
      label = guardLabel(target);
      break;
    }
    case "service":
      if (flip.to === resolved.service.kind)
        return { ok: false, reason: `The scenario already uses ${serviceLabel(flip.to)}.` };
      scenario = withService(input, resolved, flip.to);
      original = serviceLabel(resolved.service.kind);
      label = serviceLabel(flip.to);
      break;
    case "ttl": {
      const availability = leaseSlider.availability(resolved);
      if (!availability.ok) return { ok: false, reason: availability.reason };
      const lease = leaseSlider.read(input, resolved) ?? 0;
      if (flip.ms === lease) return { ok: false, reason: `The lease TTL is already ${formatDuration(lease)}.` };
      scenario = leaseSlider.apply(input, flip.ms, resolved);
      original = formatDuration(lease);
      label = formatDuration(flip.ms);
      break;
    }
    default: {
      const toggle = toggles.find((t) => t.id === toggleOf[flip.kind]);
      if (!toggle) return { ok: false, reason: `The lab has no "${flip.kind}" to flip.` };
      const availability = toggle.availability(resolved);
      if (!availability.ok) return { ok: false, reason: availability.reason };
      const on = toggle.read(resolved);
      scenario = toggle.apply(input, !on);
      original = on ? "on" : "off";
      label = on ? "off" : "on";
    }
  }
  const settled = settle(scenario);
  return {
    ok: true,
    scenario: settled.scenario,
    label: `${name}: ${label}`,
    original: `${name}: ${original}`,
    notes: settled.notes,
  };
}

/** Each kind of flip for the picker, with the reason it cannot apply here, if it cannot. */
export function flipChoices(
  input: Scenario,
  resolved: ResolvedScenario,
): { kind: FlipKind; label: string; reason: string | null }[] {
  return flipKinds.map((kind) => {
    const twin = flipScenario(input, resolved, defaultFlip(kind, input, resolved));
    return { kind, label: flipKindLabels[kind], reason: twin.ok ? null : twin.reason };
  });
}
