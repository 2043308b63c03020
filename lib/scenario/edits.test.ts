import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import { validateScenario, type Scenario } from "@/lib/sim/scenario";
import { serviceKinds, workloadKinds } from "./catalog";
import { settle, withGuard, withPostgresMode, withService, withWorkload } from "./edits";
import { guardOptions } from "./options";

const resolve = (s: Scenario) => {
  const v = validateScenario(s);
  if (!v.ok) throw new Error(v.errors.join("\n"));
  return v.scenario;
};
const preset = (id: string) => presetById(id)!.scenario;

describe("switching the lock service", () => {
  it("keeps every preset valid whichever service it switches to", () => {
    for (const id of [
      "gc-pause",
      "gc-pause-fenced",
      "redlock-clock-jump",
      "redis-failover",
      "etcd-fenced",
      "no-lock-cas",
      "cron-double-run",
    ]) {
      for (const kind of serviceKinds) {
        const { scenario } = settle(withService(preset(id), resolve(preset(id)), kind));
        expect(validateScenario(scenario).ok, `${id} → ${kind}`).toBe(true);
      }
    }
  });

  it("carries the lease length over", () => {
    const { scenario } = settle(withService(preset("gc-pause"), resolve(preset("gc-pause")), "zookeeper"));
    expect(scenario.service).toEqual({ kind: "zookeeper", sessionTimeoutMs: 10_000 });
  });

  it("sets the guard to none when the new service has no token, and says so", () => {
    const edit = settle(withService(preset("gc-pause-fenced"), resolve(preset("gc-pause-fenced")), "redlock"));
    expect(resolve(edit.scenario).storage.guard).toBe("none");
    expect(edit.notes).toEqual(["Storage guard set to none: Redlock issues no fencing token."]);
  });

  it("turns on Redis's INCR token when fencing needs one", () => {
    const edit = settle(withService(preset("etcd-fenced"), resolve(preset("etcd-fenced")), "redis"));
    expect(edit.scenario.service).toMatchObject({ kind: "redis", tokens: "incr" });
    expect(edit.notes[0]).toContain("INCR");
  });

  it("drops faults on nodes the new service does not have, naming them", () => {
    const edit = settle(withService(preset("redlock-clock-jump"), resolve(preset("redlock-clock-jump")), "etcd"));
    expect(edit.notes).toEqual([
      "Removed the partition on c1–r4: this scenario has no r4.",
      "Removed the partition on c1–r5: this scenario has no r5.",
      "Removed the clock jump on r3: this scenario has no r3.",
    ]);
    const failover = settle(withService(preset("redis-failover"), resolve(preset("redis-failover")), "etcd"));
    expect(failover.notes[0]).toContain("Removed the failover");
  });

  it("drops fencing when a Postgres mode has no token", () => {
    const fenced = settle(
      withService(preset("gc-pause-fenced"), resolve(preset("gc-pause-fenced")), "postgres"),
    ).scenario;
    expect(resolve(fenced).storage.guard).toBe("fencing");
    const advisory = settle(withPostgresMode(fenced, "advisory"));
    expect(resolve(advisory.scenario).storage.guard).toBe("none");
    expect(advisory.notes[0]).toContain("advisory locks issue no fencing token");
  });
});

describe("guards and workloads", () => {
  it("disables fencing with Redlock, with the engine's reason", () => {
    const redlock = resolve(preset("redlock-clock-jump"));
    expect(guardOptions(redlock).find((o) => o.kind === "fencing")?.availability).toEqual({
      ok: false,
      reason: "Redlock issues no fencing token.",
    });
    expect(guardOptions(resolve(preset("gc-pause"))).every((o) => o.availability.ok)).toBe(true);
  });

  it("clears fenced reads with the fencing guard", () => {
    const s = withGuard(preset("etcd-fenced"), "cas");
    expect(resolve(s).storage).toEqual({ guard: "cas", fenceReads: false });
  });

  it("keeps every workload valid, dropping what cron cannot use", () => {
    for (const kind of workloadKinds) {
      const edit = settle(withWorkload(preset("etcd-fenced"), kind));
      expect(validateScenario(edit.scenario).ok, kind).toBe(true);
    }
    const cron = settle(withWorkload(preset("no-lock-cas"), "cron"));
    expect(resolve(cron.scenario).storage.guard).toBe("none");
    expect(cron.notes[0]).toContain("cron workload writes without reading");
  });
});
