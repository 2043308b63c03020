/** The registry of lock services: one file per kind, all behind the LockService interface. */
import { createChubby } from "./chubby";
import { createEtcd } from "./etcd";
import { createKubernetes } from "./kubernetes";
import { createPostgres } from "./postgres";
import { createRedis } from "./redis";
import { createRedlock } from "./redlock";
import { createZookeeper } from "./zookeeper";
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
    case "zookeeper":
      return createZookeeper(setup, spec);
    case "chubby":
      return createChubby(setup, spec);
    case "postgres":
      return createPostgres(setup, spec);
    case "kubernetes":
      return createKubernetes(setup, spec);
    case "none":
      return null;
  }
}
