import { describe, expect, it } from "vitest";
import { presets } from "@/lib/scenario/presets";
import { guardKinds, postgresModes, serviceKinds, serviceLabel, workloadKinds } from "./catalog";

describe("the catalog follows the engine's schema", () => {
  it("lists every service kind a preset uses, and more", () => {
    for (const p of presets) expect(serviceKinds).toContain(p.scenario.service.kind);
    expect(serviceKinds).toContain("none");
  });

  it("lists the guards and workloads", () => {
    expect(guardKinds).toEqual(expect.arrayContaining(["none", "fencing", "cas", "idempotency"]));
    expect(workloadKinds).toEqual(expect.arrayContaining(["counter", "cron"]));
    expect(postgresModes).toEqual(expect.arrayContaining(["advisory", "lock-table", "for-update"]));
  });

  it("names a kind it has no label for by the kind itself", () => {
    expect(serviceLabel("etcd")).toBe("etcd lease");
    expect(serviceLabel("consul")).toBe("consul");
  });
});
