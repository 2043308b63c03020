/**
 * The lab's toggles: client and storage options that are on or off, each with the scenario field
 * it sets and the reason it does not apply, when it does not.
 */
import type { ResolvedScenario, Scenario } from "@/lib/sim/scenario";
import { withClients } from "./edits";
import type { Availability } from "./sliders";

export type ToggleId = "checkBeforeWrite" | "monotonic" | "fenceReads" | "failOpen" | "abortOnLockLost";

export interface ToggleSpec {
  id: ToggleId;
  label: string;
  read(resolved: ResolvedScenario): boolean;
  apply(input: Scenario, on: boolean): Scenario;
  availability(resolved: ResolvedScenario): Availability;
}

const OK: Availability = { ok: true };
const needsLock =
  (what: string) =>
  (resolved: ResolvedScenario): Availability =>
    resolved.service.kind === "none" ? { ok: false, reason: `With no lock there is ${what}.` } : OK;

export const toggles: readonly ToggleSpec[] = [
  {
    id: "checkBeforeWrite",
    label: "Check lease before write",
    read: (resolved) => resolved.clients.checkBeforeWrite,
    apply: (input, on) => withClients(input, { checkBeforeWrite: on }),
    availability: needsLock("no lease to check"),
  },
  {
    id: "monotonic",
    label: "Monotonic clock",
    read: (resolved) => resolved.clients.leaseClock === "monotonic",
    apply: (input, on) => withClients(input, { leaseClock: on ? "monotonic" : "wall" }),
    availability: needsLock("no lease to time"),
  },
  {
    id: "fenceReads",
    label: "Fence reads",
    read: (resolved) => resolved.storage.fenceReads,
    apply: (input, on) => ({ ...input, storage: { ...input.storage, fenceReads: on } }),
    availability: (resolved) => {
      if (resolved.workload.kind === "cron") return { ok: false, reason: "The cron workload writes without reading." };
      if (resolved.storage.guard !== "fencing")
        return { ok: false, reason: "Fenced reads need the fencing token guard." };
      return OK;
    },
  },
  {
    // What the application does when told its lock is gone (OnStoppedLeading, Curator's LOST, etcd's Done).
    id: "abortOnLockLost",
    label: "Abort the job on losing the lock",
    read: (resolved) => resolved.clients.onLockLost === "abort",
    apply: (input, on) => withClients(input, { onLockLost: on ? "abort" : "carry-on" }),
    availability: needsLock("no lock to lose"),
  },
  {
    id: "failOpen",
    label: "Fail open",
    read: (resolved) => resolved.clients.onLockUnavailable === "fail-open",
    apply: (input, on) => withClients(input, { onLockUnavailable: on ? "fail-open" : "fail-closed" }),
    availability: needsLock("no lock service to be unavailable"),
  },
];
