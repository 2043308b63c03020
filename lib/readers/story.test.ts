import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import { simulate, type Scenario } from "@/lib/sim";
import { storyOf } from "./story";

const storyFor = (id: string, maxLines?: number) => storyOf(simulate(presetById(id)!.scenario), { maxLines });
const texts = (id: string) => storyFor(id).lines.map((line) => line.text);

describe("the story of a run", () => {
  it("tells the GC pause: the lease expires under a paused holder, whose late write loses c2's increment", () => {
    expect(texts("gc-pause")).toEqual([
      "At 0.0 s c1 took the lock.",
      "At 0.1 s c2 asked for the lock and was refused: c1 holds it.",
      "At 1.0 s c1 froze in a 15 s GC pause.",
      "At 10.0 s redis let c1's lease expire, but c1 still believes it holds the lock.",
      "At 10.0 s c2 took the lock, after 48 refusals.",
      "From 10.0 s to 12.0 s c1 and c2 each believed they held the lock: mutual exclusion was lost for 2.0 s.",
      "At 12.0 s c2 wrote 1; storage accepted it.",
      "At 12.0 s c2 released the lock.",
      "At 16.0 s c1 woke from a 15 s pause; its overdue lease timer fired at once, so it no longer believes it holds the lock, but its work carries on.",
      "At 17.0 s c1 wrote 1, after its lease had ended at 10.0 s, computed from the 0 it had read; storage accepted it and c2's increment was lost.",
    ]);
  });

  it("tells a write still in the network when the run ends, where it would land, though its sender crashed", () => {
    // chubby-lock-delay with c1's write held up 90 s instead of 30 s: it lands only after the 90 s run.
    const scenario = structuredClone(presetById("chubby-lock-delay")!.scenario);
    scenario.faults = scenario.faults!.map((f) => (f.kind === "delay" ? { ...f, byMs: 90000 } : f));
    const lines = storyOf(simulate(scenario)).lines;
    expect(lines.at(-1)).toMatchObject({
      t: 90000,
      text: "At 90.0 s the run ended with c1's write (token 1), sent at 2.0 s, still in the network: it would reach storage at 92.0 s, after c1's lease ended at 12.0 s.",
      tone: "fault",
    });
  });

  it("tells a fenced stale write as rejected, naming the token storage had seen", () => {
    const lines = storyFor("gc-pause-fenced").lines;
    const rejected = lines.find((line) => line.text.includes("rejected"));
    expect(rejected).toMatchObject({
      text: "At 17.0 s c1 wrote 1 with token 1, after its lease had ended at 10.0 s; storage had already seen 2 and rejected it.",
      tone: "safe",
    });
    expect(rejected!.t).toBeCloseTo(17_011.9, 0);
  });

  it("tells a failover by what the new primary lacks: all of the old one's writes, or only its last lag's worth", () => {
    expect(texts("redis-failover")).toContain(
      "At 0.1 s the primary died and the replica took over with none of its writes (replication lags 1 s).",
    );
    const late = presetById("redis-failover")!.scenario;
    const failAt3s = { ...late, faults: late.faults!.map((f) => (f.kind === "failover" ? { ...f, atMs: 3000 } : f)) };
    expect(storyOf(simulate(failAt3s)).lines.map((l) => l.text)).toContain(
      "At 3.0 s the primary died and the replica took over without its last 1 s of writes.",
    );
  });

  it("tells a Kubernetes Lease as going stale, since the API server itself expires nothing, and a leader that stops leading once", () => {
    const k8s = texts("k8s-partitioned-leader");
    expect(k8s).toContain(
      "At 15.0 s c1's Lease went stale, with no renewal for its LeaseDuration, so a candidate may take it over (token 0).",
    );
    expect(k8s).toContain("At 12.0 s c1 stopped leading: its renew deadline passed.");
    expect(k8s.filter((line) => line.includes("session"))).toEqual([]);
  });

  it("tells a Redlock lease ending as the client's keys falling short of a majority", () => {
    expect(texts("redlock-clock-jump")).toContain(
      "At 2.0 s c1's key was left on fewer than 3 of the 5 nodes, so its lock no longer had a majority, but c1 still believes it holds the lock.",
    );
  });

  it("tells a session in doubt as doubt, not as a session gone, and why the check before writing failed", () => {
    const zk = texts("zk-partition");
    expect(zk).toContain(
      "At 10.0 s c1 stopped believing it holds the lock: it cannot tell whether its session is still alive.",
    );
    expect(zk).toContain(
      "At 12.0 s c1 abandoned its attempt and will start again: it had already stopped believing it holds the lock.",
    );
    expect(zk.filter((line) => line.includes("session was gone"))).toEqual([]);
  });

  it("marks the damage in the danger tone, and faults as faults", () => {
    const lines = storyFor("gc-pause").lines;
    expect(lines.find((line) => line.text.includes("increment was lost"))?.tone).toBe("danger");
    expect(lines.find((line) => line.text.includes("GC pause"))?.tone).toBe("fault");
  });

  it("keeps the log's order and every line's moment is a time in the run", () => {
    for (const id of [
      "redlock-clock-jump",
      "zk-partition",
      "chubby-lock-delay",
      "k8s-paused-leader",
      "delete-release",
    ]) {
      const { lines } = storyFor(id);
      expect(lines.length).toBeGreaterThan(3);
      for (let i = 1; i < lines.length; i++) expect(lines[i]!.t).toBeGreaterThanOrEqual(lines[i - 1]!.t);
      for (const line of lines) expect(line.text).toMatch(/^(At|From) \d+\.\d s .*\.$/);
    }
  });

  it("groups cuts made at one instant and tells clock jumps with their direction", () => {
    expect(texts("redlock-clock-jump").slice(0, 4)).toEqual([
      "At 0.0 s the network cut c1 off from r4 and r5.",
      "At 0.1 s c1 took the lock.",
      "At 1.0 s the network reconnected c1 to r4 and r5.",
      "At 2.0 s r3's clock jumped 30 s forward.",
    ]);
  });

  it("tells an idempotent repeat as ignored and a double run as done twice", () => {
    expect(texts("cron-idempotency")).toContain(
      "At 14.0 s c2 performed run 0, after its lease had ended at 11.0 s; storage had already applied that run and ignored it as a repeat.",
    );
    expect(
      texts("cron-double-run").some((t) =>
        t.includes(
          "performed run 0 again, after its lease had ended at 11.0 s; c1 had already performed it, so the effect happened twice",
        ),
      ),
    ).toBe(true);
  });

  it("tells an abandoned attempt once, not at every retry", () => {
    const abandons = texts("zk-partition").filter((t) => t.includes("lock service is unavailable"));
    expect(abandons).toHaveLength(1);
  });

  it("stops at maxLines and counts what it left out", () => {
    const full = storyFor("etcd-fenced");
    const short = storyFor("etcd-fenced", 10);
    expect(short.lines).toEqual(full.lines.slice(0, 10));
    expect(short.omitted).toBe(full.lines.length - 10);
  });

  it("tells a run without a lock service", () => {
    const scenario: Scenario = { version: 1, service: { kind: "none" }, clients: { count: 2 } };
    const lines = storyOf(simulate(scenario)).lines.map((l) => l.text);
    expect(lines[0]).toBe("At 0.0 s c1 entered its critical section with no lock.");
    expect(lines.filter((line) => line.includes("released"))).toEqual([]);
  });

  it("tells a lost Postgres connection once, with the lock that went with it", () => {
    const lines = texts("pg-for-update").filter((line) => line.includes("connection"));
    expect(lines).toEqual([
      "At 2.5 s c1's process crashed and its connections were reset.",
      "At 2.5 s pg closed c1's connection, and its lock went with it.",
      "At 32.0 s c1 wrote 1, after its lease had ended at 2.5 s; storage rejected it: its transaction was rolled back when c1's connection was lost at 2.5 s.",
    ]);
  });

  it("tells a job applied twice: the reply was lost, the client retried, the counter went up twice; an idempotency key stops it", () => {
    const lostReply = (guard: "none" | "idempotency"): Scenario => ({
      version: 1,
      service: { kind: "redis", ttlMs: 10000 },
      clients: { count: 1, workMs: 2000 },
      storage: { guard },
      faults: [{ kind: "delay", from: "storage", to: "c1", atMs: 1500, byMs: 2000 }],
    });
    const writes = (guard: "none" | "idempotency") =>
      storyOf(simulate(lostReply(guard))).lines.filter((l) => l.text.includes(" wrote "));
    const twice = writes("none");
    expect(twice.map((l) => l.text)).toEqual([
      "At 2.0 s c1 wrote 1; storage accepted it.",
      "At 6.0 s c1 wrote 2; storage accepted it, but had already applied this job's write at 2.0 s: c1's reply was lost and it retried, so the counter was incremented twice for one job.",
    ]);
    expect(twice[1]!.tone).toBe("danger");
    expect(writes("idempotency").map((l) => l.text)[1]).toMatch(
      /storage had already applied that job and ignored it as a repeat\.$/,
    );
  });

  it("tells work that went on after a lease ended, with when the clients worked at once", () => {
    const lines = storyOf(
      simulate({
        version: 1,
        service: { kind: "redis", ttlMs: 5000 },
        clients: { count: 2, startMs: [0, 100], workMs: 8000 },
      }),
    ).lines;
    const atOnce = lines.filter((l) => l.text.includes("worked at once"));
    expect(atOnce.map((l) => l.text)).toEqual([
      "From 5.2 s to 8.0 s c1 and c2 worked at once: c1 kept working after its lease ended.",
    ]);
    expect(atOnce[0]!.tone).toBe("danger");
  });

  it("tells a Redlock acquisition abandoned because it took longer than the TTL", () => {
    const lines = storyOf(
      simulate({
        version: 1,
        service: { kind: "redlock", ttlMs: 10000 },
        clients: { count: 2, startMs: [0, 100], workMs: 2000 },
        faults: [{ kind: "pause", target: "c1", atMs: 1, forMs: 12000 }],
      }),
    ).lines.map((l) => l.text);
    expect(lines).toContain(
      "At 12.0 s c1 gave up acquiring: a majority of nodes said OK, but getting their answers took 12 s, longer than its 10 s TTL, so no validity was left; it unlocked every node and will try again.",
    );
  });

  it("tells a restart by what the process keeps: etcd members their log, Redis nodes nothing, a client nothing", () => {
    const restarts = (scenario: Scenario) =>
      storyOf(simulate(scenario))
        .lines.map((l) => l.text)
        .filter((t) => t.includes("restarted"));
    expect(
      restarts({
        version: 1,
        service: { kind: "etcd", ttlMs: 5000 },
        faults: [{ kind: "crash", target: "e2", atMs: 1000, restartAfterMs: 1000 }],
      }),
    ).toEqual(["At 2.0 s e2 restarted with its log on disk, so it lost nothing."]);
    expect(
      restarts({
        version: 1,
        service: { kind: "redlock", ttlMs: 5000 },
        faults: [{ kind: "crash", target: "r1", atMs: 1000, restartAfterMs: 1000 }],
      }),
    ).toEqual(["At 2.0 s r1 restarted empty: it keeps nothing on disk."]);
    expect(
      restarts({
        version: 1,
        service: { kind: "redis", ttlMs: 5000 },
        faults: [{ kind: "crash", target: "c1", atMs: 500, restartAfterMs: 1000 }],
      }),
    ).toEqual(["At 1.5 s c1 restarted with empty memory."]);
  });

  it("tells a release that never committed, and a lease that a new etcd leader refreshed", () => {
    const lines = storyOf(
      simulate({
        version: 1,
        durationMs: 30000,
        service: { kind: "etcd", ttlMs: 5000 },
        clients: { count: 2, workMs: 1000 },
        workload: { kind: "counter", jobsPerClient: 5 },
        faults: [
          { kind: "crash", target: "e2", atMs: 5000, restartAfterMs: 10000 },
          { kind: "crash", target: "e3", atMs: 5000, restartAfterMs: 10000 },
        ],
      }),
    ).lines.map((l) => l.text);
    expect(lines).toContain(
      "At 5.1 s c1 released the lock, but the lock service never applied the release: it expired only at 21.0 s.",
    );
    expect(lines.filter((t) => t.startsWith("At 5.1 s c1 released the lock."))).toEqual([]);
    expect(lines).toContain(
      "At 21.0 s e1 let c1's lease expire (token 9), about a TTL after e1 became the leader (a new leader gives every lease a fresh TTL).",
    );
  });

  it("names only the writers whose increments a lockless write erased", () => {
    const lines = storyOf(
      simulate({
        version: 1,
        service: { kind: "none" },
        clients: { count: 3, workMs: 3000 },
        network: { latencyMs: [2, 2] },
      }),
    ).lines.map((l) => l.text);
    expect(lines.filter((t) => t.includes("was lost") || t.includes("were lost"))).toEqual([
      "At 3.1 s c2 wrote 1, computed from the 0 it had read; storage accepted it and c1's increment was lost.",
      "At 3.2 s c3 wrote 1, computed from the 0 it had read; storage accepted it and c2's increment was lost.",
    ]);
  });
});
