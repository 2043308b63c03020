/** The registry of lock services: one file per kind, all behind the LockService interface. */
import { createEtcd } from "./etcd";
import { createRedis } from "./redis";
import { createRedlock } from "./redlock";
import type { LockService, ServiceSetup } from "./types";

/** Builds the scenario's lock service, or null for `none` (no lock at all). */
export function createService(setup: ServiceSetup): LockService | null {
  const spec = setup.scenario.service;
  switch (spec.kind) {
    case "redis":
      return createRedis(setup, spec);
    case "redlock":
      return createRedlock(setup, spec);
    case "etcd":
      return createEtcd(setup, spec);
    case "none":
      return null;
  }
}
