import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { storyOf } from "../readers/story";
import { readHistory, type History } from "./history";
import { openText } from "./open";
import { resultOfEvents } from "./replay";

const example = (file: string) => readFileSync(path.join(__dirname, "../../content/histories", file), "utf8");
const HEADER =
  '{"history": "lease-lab-history/1", "service": {"kind": "etcd", "ttlMs": 5000, "members": 1}, "guard": "fencing"}';
const history = (...lines: string[]) => [HEADER, ...lines].join("\n");
const read = (text: string): History => {
  const r = readHistory(text);
  if (!r.ok) throw new Error(r.errors.join("\n"));
  return r.history;
};
const errorsOf = (text: string) => {
  const r = readHistory(text);
  return r.ok ? [] : r.errors;
};
const checked = (h: History) => resultOfEvents(h.scenario, h.warnings, h.events, h.notes);

describe("the example lock histories, read by the engine's checker", () => {
  it("fenced: the paused worker's late write is rejected by its old token, and nothing is lost", () => {
    const opened = openText("fenced-safe.jsonl", example("fenced-safe.jsonl"));
    expect(opened.ok).toBe(true);
    if (!opened.ok || opened.run.kind !== "history") return;
    const { summary, facts } = opened.run.recorded;
    expect(summary).toMatchObject({
      verdict: "safe",
      counter: 1,
      lostUpdates: 0,
      staleWritesAccepted: 0,
      staleWritesRejected: 1,
      tokens: [41, 42],
      jobsDone: 1,
    });
    const late = facts.writes.find((w) => w.client === "c1")!;
    expect(late).toMatchObject({
      token: 41,
      accepted: false,
      rejection: { by: "fencing", token: 41, seen: 42 },
      stale: { grantEndedAt: 5004, grantEndReason: "expired" },
    });
    expect(opened.run.recorded.notes.join(" ")).toContain("c1 is “worker-a”, c2 is “worker-b”");
  });

  it("unfenced: the write accepted after the lease ended loses the other worker's increment", () => {
    const opened = openText("stale-write-accepted.jsonl", example("stale-write-accepted.jsonl"));
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    const result = opened.run.recorded;
    expect(result.summary).toMatchObject({
      verdict: "unsafe",
      counter: 1,
      lostUpdates: 1,
      staleWritesAccepted: 1,
      jobsDone: 2,
    });
    expect(result.violations.map((v) => v.kind)).toEqual(["overlap", "lost-update"]);
    expect(result.facts.writes[1]).toMatchObject({
      client: "c1",
      overwrote: ["c2"],
      lostIncrements: 1,
      stale: { grantEndedAt: 5002 },
    });
    // The same story as a simulated run's: the lease ends while c1 still believes.
    expect(storyOf(result).lines.map((l) => l.text)).toContain(
      "At 5.0 s redis let c1's lease expire, but c1 still believes it holds the lock.",
    );
  });
});

describe("a lock history with a problem names its line and field", () => {
  it("a token that is not a whole number", () => {
    expect(
      errorsOf(history('{"t": 0, "process": "c1", "kind": "acquire-granted", "lock": "L", "token": "abc"}')),
    ).toEqual(['line 2: token: expected a whole number, got "abc"']);
  });

  it("a line of garbage, an unknown kind, a field a kind does not have, a missing time", () => {
    const errors = errorsOf(
      history(
        "this is not json",
        '{"t": 1, "process": "c1", "kind": "grab", "lock": "L"}',
        '{"t": 2, "process": "c1", "kind": "release", "lock": "L", "value": 3}',
        '{"process": "c1", "kind": "acquire", "lock": "L"}',
      ),
    );
    expect(errors[0]).toMatch(/^line 2: not JSON \(.*\): this is not json$/);
    expect(errors.slice(1)).toEqual([
      "line 3: kind: expected one of acquire, acquire-granted, acquire-refused, release, lease-end, read, write, write-accepted, write-rejected",
      'line 4: "value": not a field of a release line (its fields: kind, t, process, lock)',
      "line 5: t: missing (a time in ms)",
    ]);
  });

  it("a header that is missing or names no lock service", () => {
    expect(errorsOf('{"t": 0, "process": "c1", "kind": "acquire", "lock": "L"}')[0]).toBe(
      'line 1: header: history: missing ("lease-lab-history/1")',
    );
    expect(
      errorsOf(
        '{"history": "lease-lab-history/1", "service": {"kind": "etcd"}}\n{"t": 0, "process": "c1", "kind": "acquire", "lock": "L"}',
      )[0],
    ).toMatch(/^line 1: header: service\.ttlMs: /);
  });

  it("lines that contradict the ones before them", () => {
    expect(
      errorsOf(
        history(
          '{"t": 5, "process": "c1", "kind": "acquire", "lock": "L"}',
          '{"t": 4, "process": "c1", "kind": "acquire", "lock": "L"}',
        ),
      ),
    ).toEqual(["line 3: t: 4 is earlier than line 2's 5; a history is in time order"]);
    expect(errorsOf(history('{"t": 0, "process": "c1", "kind": "release", "lock": "L"}'))).toEqual([
      'line 2: release: c1 holds no lock "L" here (no acquire-granted for it before this line)',
    ]);
    expect(errorsOf(history('{"t": 0, "process": "c1", "kind": "read", "value": 3}'))[0]).toBe(
      "line 2: value: c1 read 3, but the counter starts at 0 and the accepted writes before this line leave it at 0",
    );
    expect(
      errorsOf(
        history(
          '{"t": 0, "process": "c1", "kind": "read", "value": 0}',
          '{"t": 1, "process": "c1", "kind": "write-accepted", "value": 5}',
        ),
      )[0],
    ).toBe("line 3: value: c1 read 0 at line 2, so its increment writes 1, got 5");
  });

  it("storage that fences yet accepts a token below one it accepted before", () => {
    const lines = [
      '{"t": 0, "process": "c1", "kind": "acquire-granted", "lock": "L", "token": 1}',
      '{"t": 10, "process": "c1", "kind": "read", "value": 0}',
      '{"t": 5000, "process": "c1", "kind": "lease-end", "lock": "L"}',
      '{"t": 5001, "process": "c2", "kind": "acquire-granted", "lock": "L", "token": 2}',
      '{"t": 5002, "process": "c2", "kind": "read", "value": 0}',
      '{"t": 5003, "process": "c2", "kind": "write-accepted", "value": 1}',
      '{"t": 5004, "process": "c2", "kind": "release", "lock": "L"}',
      '{"t": 6000, "process": "c1", "kind": "write-accepted", "value": 1}',
    ];
    expect(errorsOf(history(...lines))).toEqual([
      `line 9: write-accepted: storage accepted c1's write with token 1, but it had accepted token 2 at line 7, and a fencing guard rejects a token below the highest it has accepted; if storage really accepted this write, it does not fence: say "guard": "none", and the checker shows what the write did`,
    ]);
    // Told that storage does not fence, the lab reads the same lines and the checker reports the damage.
    const unfenced = read([HEADER.replace('"fencing"', '"none"'), ...lines].join("\n"));
    expect(checked(unfenced).summary).toMatchObject({ verdict: "unsafe", staleWritesAccepted: 1, lostUpdates: 1 });
  });

  it("storage that fences yet accepts a write with no token", () => {
    const lines = [
      '{"t": 0, "process": "c1", "kind": "acquire-granted", "lock": "L"}',
      '{"t": 10, "process": "c1", "kind": "read", "value": 0}',
      '{"t": 20, "process": "c1", "kind": "write-accepted", "value": 1}',
    ];
    expect(errorsOf(history(...lines))).toEqual([
      `line 4: write-accepted: storage accepted c1's write with no token, and a fencing guard rejects a write without one; if storage really accepted this write, it does not fence: say "guard": "none", and the checker shows what the write did`,
    ]);
  });

  it("stops after twenty problems", () => {
    const errors = errorsOf(history(...Array.from({ length: 50 }, () => "{")));
    expect(errors).toHaveLength(21);
    expect(errors.at(-1)).toBe("(reading stopped there)");
  });
});

describe("a history becomes the engine's facts", () => {
  it("a release without a write ends the attempt, so nothing is left pending", () => {
    const h = read(
      history(
        '{"t": 0, "process": "c1", "kind": "acquire-granted", "lock": "L", "token": 1}',
        '{"t": 10, "process": "c1", "kind": "read", "value": 0}',
        '{"t": 20, "process": "c1", "kind": "release", "lock": "L"}',
      ),
    );
    const { summary, facts } = checked(h);
    expect(summary).toMatchObject({ verdict: "safe", writesPending: 0, grants: 1 });
    expect(facts.grants[0]).toMatchObject({ client: "c1", token: 1, grantedAt: 0, endedAt: 20, endReason: "released" });
    expect(h.scenario.durationMs).toBe(20);
  });

  it("keeps processes already named c1, c2, … and says nothing of renaming", () => {
    const h = read(history('{"t": 0, "process": "c2", "kind": "acquire", "lock": "L"}'));
    expect(h.scenario.clients.count).toBe(2);
    expect(h.notes.join(" ")).not.toContain("as the lab's clients");
  });
});
