export interface PathStep {
  title: string;
  summary: string;
  /** The lesson that teaches the step: its file in content/lessons, without ".md". */
  lesson: string;
}

/** The order of the course, shown on the home page; each step links to its lesson at /learn/<lesson>/. */
export const learningPath: readonly PathStep[] = [
  {
    title: "What a lock is for",
    summary: "Efficiency or correctness: which one you need decides everything after.",
    lesson: "01-what-the-lock-is-for",
  },
  {
    title: "Leases",
    summary: "A lock that expires: the TTL, renewal, and a holder that goes quiet.",
    lesson: "02-leases",
  },
  {
    title: "The pause",
    summary: "A GC pause outlives the lease, and checking the clock before writing does not help.",
    lesson: "03-the-pause",
  },
  {
    title: "Fencing tokens",
    summary: "A number storage can check, and the read-modify-write gap it leaves open.",
    lesson: "04-fencing-tokens",
  },
  {
    title: "Clocks",
    summary: "Offset, drift and jumps: which break a TTL, and which break a comparison.",
    lesson: "05-clocks",
  },
  {
    title: "Redis and Redlock",
    summary: "One node, a replica that fails over, and a majority that cannot fence.",
    lesson: "06-redis-and-redlock",
  },
  {
    title: "Consensus locks",
    summary: "etcd, ZooKeeper, Chubby and Kubernetes leases: what each promises, and what not.",
    lesson: "07-consensus-locks",
  },
  {
    title: "Your database",
    summary: "Advisory locks, lock tables, and SELECT … FOR UPDATE beside the data.",
    lesson: "08-your-database",
  },
  {
    title: "Often you need no lock",
    summary: "Compare-and-set, idempotency keys, and one owner per partition.",
    lesson: "09-you-may-not-need-a-lock",
  },
  {
    title: "Choosing, and how it breaks in production",
    summary: "A way to decide, and the failures real systems have met.",
    lesson: "10-choosing-and-production",
  },
];
