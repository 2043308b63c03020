/**
 * Why the failure map opens on the layer it does. On a scenario whose storage guards its writes,
 * the guard keeps most cells safe whatever the lease and the pause, so "unsafe runs" draws a
 * sheet of near-zeros; overlap (two clients believing they hold the lock at once) still has a
 * boundary there, where the pause outlasts the lease. The note says so, in the guard's own terms.
 */
import type { Scenario } from "@/lib/sim/scenario";

/** What the failure map colours: runs that lost data, or runs where two clients believed at once. */
export type MapLayer = "unsafe" | "overlap";

const guardedBecause: Partial<Record<string, string>> = {
  fencing:
    "Storage checks each write's fencing token here, so a write from a client whose lease has ended is rejected once storage has seen a newer token.",
  cas: "Storage compares each write's version here, so a write computed from a value that has since changed is rejected.",
  idempotency: "Storage rejects a job's second effect by its idempotency key here.",
};

/** The layer a map of this scenario opens on: overlap where the storage guards its writes. */
export function defaultMapLayer(scenario: Scenario): MapLayer {
  return guardedBecause[scenario.storage?.guard ?? "none"] ? "overlap" : "unsafe";
}

/** Why the map opens on overlap, or null when it opens on unsafe runs. */
export function mapLayerNote(scenario: Scenario): string | null {
  const because = guardedBecause[scenario.storage?.guard ?? "none"];
  return because
    ? `${because} Unsafe runs are rare on these axes, so the map opens on runs with overlap (two clients believing they held the lock at once), which show where the pause outlasts the lease. Choose “Unsafe runs” to see where the guard did not keep the data safe.`
    : null;
}
