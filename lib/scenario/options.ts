/**
 * The choices of the lab's selects, with the reason a choice does not apply to the scenario as
 * it stands. Switching to a choice that needs other settings changed is allowed where the lab can
 * make them (see edits.settle); what no change can make valid is disabled, with its reason.
 */
import { tokenSource, type ResolvedScenario } from "@/lib/sim/scenario";
import { guardKinds, guardLabel, type GuardKind } from "./catalog";
import type { Availability } from "./sliders";

export interface GuardOption {
  kind: GuardKind;
  label: string;
  availability: Availability;
}

function sentence(text: string): string {
  const trimmed = text.replace(/\.$/, "");
  return `${trimmed.charAt(0).toUpperCase()}${trimmed.slice(1)}.`;
}

export function guardOptions(resolved: ResolvedScenario): GuardOption[] {
  return guardKinds.map((kind) => ({ kind, label: guardLabel(kind), availability: guardAvailability(resolved, kind) }));
}

function guardAvailability(resolved: ResolvedScenario, kind: GuardKind): Availability {
  if (kind === "fencing") {
    const source = tokenSource(resolved.service);
    // Redis can hand out an INCR token; choosing fencing turns it on (edits.settle says so).
    if (!source.ok && resolved.service.kind !== "redis") return { ok: false, reason: sentence(source.reason) };
  }
  if (kind === "cas" && resolved.workload.kind === "cron") {
    return { ok: false, reason: "The cron workload writes without reading, so it has no version to compare." };
  }
  return { ok: true };
}
