/**
 * A small harness so that an engine test reads like the story it checks:
 *
 *   const result = run(named("gc-pause-fenced"));
 *   expect(lastWrite(result, "c1")).toMatchObject({ accepted: false, rejection: { by: "fencing", token: 1, seen: 2 } });
 *
 * Everything here reads a `simulate()` result (events, spans, summary); nothing reaches into the
 * engine's internals. Times are true time in milliseconds, as in the result.
 */
import { testScenarios } from "./testScenarios";
import type { Scenario } from "./scenario";
import { simulate, type SimResult } from "./simulate";
import type { EventKind, SimEvent } from "./events";

/** The event of a kind (also for kinds that share a record, such as "partition-start"). */
export type EventOfKind<K extends EventKind> = SimEvent & { kind: K };

type Part = Omit<Scenario, "version">;

/** Changes to a scenario: object-valued sections are merged one level deep, the rest replaced. */
export type Changes = {
  [K in keyof Part]?: NonNullable<Part[K]> extends readonly unknown[]
    ? Part[K]
    : NonNullable<Part[K]> extends object
      ? Partial<NonNullable<Part[K]>>
      : Part[K];
};

/** A scenario from its parts, with `version: 1` added. */
export function scenario(part: Part): Scenario {
  return { version: 1, ...part };
}

/**
 * One of the engine tests' own named scenarios (lib/sim/testScenarios.ts), optionally changed
 * (`named("ttl-renewed", { clients: { count: 3 } })`).
 */
export function named(id: string, changes: Changes = {}): Scenario {
  const found = testScenarios[id];
  if (!found) throw new Error(`no test scenario "${id}"`);
  return withChanges(found, changes);
}

/**
 * Applies `changes` to a scenario. A section (`clients`, `storage`, `service`, …) is merged one
 * level deep, unless the change names a different `kind`, which replaces the section whole.
 */
export function withChanges(base: Scenario, changes: Changes): Scenario {
  const out: Record<string, unknown> = { ...base };
  for (const [key, change] of Object.entries(changes) as [string, unknown][]) {
    const before = out[key];
    const mergeable =
      isPlainObject(before) && isPlainObject(change) && (change.kind === undefined || change.kind === before.kind);
    out[key] = mergeable ? { ...before, ...change } : change;
  }
  return out as unknown as Scenario;
}

function isPlainObject(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** Runs a scenario (throws a ScenarioError if it is invalid). */
export function run(s: Scenario): SimResult {
  return simulate(s);
}

/** The events of one kind, in log order, whose fields match `where` (`{ proc: "c1" }`). */
export function eventsOf<K extends EventKind>(
  result: SimResult,
  kind: K,
  where: Partial<EventOfKind<K>> = {},
): EventOfKind<K>[] {
  const wanted = Object.entries(where);
  return result.events.filter(
    (e): e is EventOfKind<K> =>
      e.kind === kind && wanted.every(([field, value]) => (e as Record<string, unknown>)[field] === value),
  );
}

/** The first event of a kind matching `where`, or undefined. */
export function firstOf<K extends EventKind>(
  result: SimResult,
  kind: K,
  where: Partial<EventOfKind<K>> = {},
): EventOfKind<K> | undefined {
  return eventsOf(result, kind, where)[0];
}

/** Every write storage received from `client`, in the order storage handled them. */
export function writesBy(result: SimResult, client: string): EventOfKind<"write">[] {
  return eventsOf(result, "write", { client });
}

/** The last write storage received from `client`. */
export function lastWrite(result: SimResult, client: string): EventOfKind<"write"> | undefined {
  return writesBy(result, client).at(-1);
}

export interface Belief {
  startT: number;
  endT: number;
  token: number | null;
  grant: number | null;
  endReason: string;
}

/** When `client` believed it held the lock, from the run's facts, in time order. */
export function beliefsOf(result: SimResult, client: string): Belief[] {
  return result.facts.beliefs.flatMap((b) =>
    b.client === client
      ? [
          {
            startT: b.from,
            endT: b.to ?? result.scenario.durationMs,
            token: b.token,
            grant: b.grant,
            endReason: b.endReason ?? "run-end",
          },
        ]
      : [],
  );
}

export interface GrantRecord {
  grant: number;
  client: string;
  token: number | null;
  /** The process that issued it (a service node, or the client itself for Redlock). */
  by: string;
  t: number;
  /** When the service considered it over, or null if it outlived the run. */
  endT: number | null;
  endReason: string | null;
}

/** Every grant in issue order, with the moment and reason the service considered it over (the run's facts). */
export function grantsOf(result: SimResult): GrantRecord[] {
  return result.facts.grants.map((g) => ({
    grant: g.grant,
    client: g.client,
    token: g.token,
    by: g.issuedBy,
    t: g.grantedAt,
    endT: g.endedAt,
    endReason: g.endReason,
  }));
}

/** The grants `client` was given, in issue order. */
export function grantsTo(result: SimResult, client: string): GrantRecord[] {
  return grantsOf(result).filter((g) => g.client === client);
}
