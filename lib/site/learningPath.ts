export interface PathStep {
  title: string;
  summary: string;
}

/**
 * The order of the course, shown on the home page. Each step becomes a lesson in
 * content/lessons; until a lesson is published its step is listed without a link.
 */
export const learningPath: readonly PathStep[] = [
  { title: "What a lock is for", summary: "Efficiency or correctness: which one you need decides everything after." },
  { title: "Leases", summary: "A lock that expires: the TTL, renewal, and a holder that goes quiet." },
  { title: "The pause", summary: "A GC pause outlives the lease, and checking the clock before writing does not help." },
  { title: "Fencing tokens", summary: "A number storage can check, and the read-modify-write gap it leaves open." },
  { title: "Clocks", summary: "Offset, drift and jumps: which break a TTL, and which break a comparison." },
  { title: "Redis and Redlock", summary: "One node, a replica that fails over, and a majority that cannot fence." },
  { title: "Consensus locks", summary: "etcd, ZooKeeper, Chubby and Kubernetes leases: what each promises, and what not." },
  { title: "Your database", summary: "Advisory locks, lock tables, and SELECT … FOR UPDATE beside the data." },
  { title: "Often you need no lock", summary: "Compare-and-set, idempotency keys, and one owner per partition." },
  { title: "Choosing, and how it breaks in production", summary: "A way to decide, and the failures real systems have met." },
];
