/**
 * What the lab offers, read from the engine's scenario schema and presets, so a service, guard or
 * workload the engine adds appears in the lab without a change here. Labels are UI words; a kind
 * the lab has no label for yet shows under its own name.
 */
import { presets } from "@/lib/scenario/presets";
import { scenarioSchema, type ResolvedScenario, type Scenario, type ServiceSpec } from "@/lib/sim/scenario";

export type ServiceKind = ServiceSpec["kind"];
export type GuardKind = ResolvedScenario["storage"]["guard"];
export type WorkloadKind = ResolvedScenario["workload"]["kind"];
export type InputService = Scenario["service"];
export type InputWorkload = NonNullable<Scenario["workload"]>;

const shape = scenarioSchema().shape;

/** Every lock service kind the schema accepts, in the schema's order. */
export const serviceKinds: readonly ServiceKind[] = shape.service.options.map((option) => option.shape.kind.value);

/** Every storage guard the schema accepts. */
export const guardKinds: readonly GuardKind[] = shape.storage.unwrap().shape.guard.unwrap().options;

/** Every workload kind the schema accepts. */
export const workloadKinds: readonly WorkloadKind[] = shape.workload
  .unwrap()
  .options.map((option) => option.shape.kind.value);

/** The modes of the Postgres service, as the schema lists them. */
export const postgresModes = shape.service.options.flatMap((option) =>
  option.shape.kind.value === "postgres" && "mode" in option.shape ? [...option.shape.mode.options] : [],
);

export { guardLabel, postgresModeLabel, serviceLabel, workloadLabel } from "./labels";

/** The first preset's service of a kind: a truthful starting point for a kind the lab has no recipe for. */
export function presetService(kind: string): InputService | undefined {
  return presets.find((p) => p.scenario.service.kind === kind)?.scenario.service;
}

/** The first preset's workload of a kind, for the same reason. */
export function presetWorkload(kind: string): InputWorkload | undefined {
  return presets.find((p) => p.scenario.workload?.kind === kind)?.scenario.workload;
}
