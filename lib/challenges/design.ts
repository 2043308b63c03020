/**
 * A defend level's design: the learner's choice of mitigations, applied to the level's scenario
 * with the lab's own edits (lib/scenario/edits.ts), so a design means here what it means in the lab.
 */
import { validateScenario, type ResolvedScenario, type Scenario } from "@/lib/sim/scenario";
import { settle, withClients, withGuard, withLease, withService, leaseOf } from "@/lib/scenario/edits";
import type { Control, ControlValue, DefendLevel, Design } from "./level";

export type Designed = { ok: true; scenario: Scenario; notes: string[] } | { ok: false; errors: string[] };

/** The level's scenario with the design applied, kept valid as the lab keeps it, or why it cannot be. */
export function designApply(base: Scenario, design: Design): Designed {
  let s = base;
  const resolve = (x: Scenario) => {
    const v = validateScenario(x);
    if (!v.ok) throw new DesignError(v.errors);
    return v.scenario;
  };
  try {
    if (design.service !== undefined) s = withService(s, resolve(s), String(design.service));
    if (design.leaseMs !== undefined) s = withLease(s, Number(design.leaseMs));
    if (design.guard !== undefined) s = withGuard(s, design.guard as ResolvedScenario["storage"]["guard"]);
    if (design.fenceReads !== undefined)
      s = { ...s, storage: { ...s.storage, fenceReads: Boolean(design.fenceReads) } };
    const clients: Partial<NonNullable<Scenario["clients"]>> = {};
    if (design.renewEveryMs !== undefined) clients.renewEveryMs = design.renewEveryMs as number | null;
    if (design.safetyMarginMs !== undefined) clients.safetyMarginMs = Number(design.safetyMarginMs);
    if (design.leaseClock !== undefined) clients.leaseClock = design.leaseClock as "wall" | "monotonic";
    if (design.checkBeforeWrite !== undefined) clients.checkBeforeWrite = Boolean(design.checkBeforeWrite);
    if (design.onLockUnavailable !== undefined)
      clients.onLockUnavailable = design.onLockUnavailable as "fail-closed" | "fail-open";
    if (Object.keys(clients).length) s = withClients(s, clients);
  } catch (e) {
    if (e instanceof DesignError) return { ok: false, errors: e.errors };
    throw e;
  }
  const settled = settle(s);
  const v = validateScenario(settled.scenario);
  if (!v.ok) return { ok: false, errors: v.errors };
  return { ok: true, scenario: settled.scenario, notes: settled.notes };
}

class DesignError extends Error {
  constructor(readonly errors: string[]) {
    super(errors.join("; "));
  }
}

/** The value each open control has in the scenario as it is. */
export function designOf(level: DefendLevel): Required<Pick<Design, Control>> {
  const v = validateScenario(level.scenario);
  if (!v.ok) throw new Error(`level ${level.slug}: invalid scenario: ${v.errors.join("; ")}`);
  const r = v.scenario;
  const value: Record<Control, ControlValue> = {
    service: r.service.kind,
    leaseMs: leaseOf(level.scenario, r),
    renewEveryMs: r.clients.renewEveryMs,
    safetyMarginMs: r.clients.safetyMarginMs,
    leaseClock: r.clients.leaseClock,
    checkBeforeWrite: r.clients.checkBeforeWrite,
    onLockUnavailable: r.clients.onLockUnavailable,
    guard: r.storage.guard,
    fenceReads: r.storage.fenceReads,
  };
  return value;
}

/** The controls a design sets to something other than the starting design: what par counts. */
export function designChanges(level: DefendLevel, design: Design): Control[] {
  const start = designOf(level);
  return (Object.keys(design) as Control[]).filter(
    (c) => level.rules.controls[c] !== undefined && design[c] !== start[c],
  );
}
