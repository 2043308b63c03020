/**
 * The lab's words for the engine's kinds: UI words, so they live here and not in the engine. A kind
 * the lab has no label for yet shows under its own name. A module apart from the catalog (which
 * reads the engine's schema and the presets), so a page that only names a service loads neither.
 */
const serviceLabels: Partial<Record<string, string>> = {
  redis: "Redis (one node)",
  redlock: "Redlock (Redis nodes, majority)",
  etcd: "etcd lease",
  zookeeper: "ZooKeeper",
  chubby: "Chubby",
  postgres: "Postgres",
  kubernetes: "Kubernetes Lease",
  none: "No lock",
};

const guardLabels: Partial<Record<string, string>> = {
  none: "None: last writer wins",
  fencing: "Fencing token",
  cas: "Compare-and-set (version)",
  idempotency: "Idempotency key",
};

const workloadLabels: Partial<Record<string, string>> = {
  counter: "Counter: read, add one, write",
  cron: "Cron: a scheduled job",
  stream: "Stream: jobs at a rate",
};

const postgresModeLabels: Partial<Record<string, string>> = {
  advisory: "Advisory lock",
  "lock-table": "Lock table with TTL",
  "for-update": "SELECT … FOR UPDATE",
};

export const serviceLabel = (kind: string): string => serviceLabels[kind] ?? kind;
export const guardLabel = (kind: string): string => guardLabels[kind] ?? kind;
export const workloadLabel = (kind: string): string => workloadLabels[kind] ?? kind;
export const postgresModeLabel = (mode: string): string => postgresModeLabels[mode] ?? mode;
