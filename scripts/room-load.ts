/**
 * `npm run room:load`: a bounded load test of the vote relay, never part of a test run. It starts
 * the relay as its own process on 127.0.0.1 (the bundle `npm run room:bundle` writes, as a Node
 * host would run it), opens a room, connects VOTERS plain WebSocket
 * clients as phones, and runs two rounds in which every phone votes once at a random moment
 * within SPREAD_MS. It reports how long the presenter's tally took to reflect each vote (p50, p99,
 * max) and the relay process's resident memory, then stops the relay by its PID.
 *
 * `npm run room:load -- --hostile` runs the attacks of scripts/roomHostile.ts at full size instead,
 * against the relay started with a 1,024-descriptor limit (as many hosts give a process), and
 * prints for each whether an honest class still joined and voted, its tally, and the relay's peak
 * resident memory. Loopback only; it stops by itself.
 *
 * Latency: the relay counts each device once, so the presenter's total only rises; the k-th vote
 * sent is taken as shown when the total first reaches k. That is exact when votes arrive in the
 * order they were sent, and otherwise pairs each vote with a later one's arrival (a bound above).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { WebSocket } from "ws";
import type { RelayMessage } from "../lib/room/protocol";
import { ATTACKS, describeAttack, FULL, runAttack } from "./roomHostile";

const VOTERS = 500;
const SPREAD_MS = 5_000;
const ROUNDS = 2;
const DEADLINE_MS = 300_000;
const question = { id: "load", text: "Will storage accept the stale write?", options: ["Yes", "No", "It depends"] };

const hostile = process.argv.includes("--hostile");
const relayCommand = [process.execPath, "dist/room-relay.mjs", "--port", "0", "--host", "127.0.0.1"];
// The hostile mode gives the relay the descriptor limit of a small host; exec keeps the PID, so memory is the relay's.
const relay = hostile
  ? spawn("sh", ["-c", `ulimit -n 1024 && exec ${relayCommand.map((a) => `'${a}'`).join(" ")}`], {
      stdio: ["ignore", "pipe", "inherit"],
    })
  : spawn(process.execPath, relayCommand.slice(1), { stdio: ["ignore", "pipe", "inherit"] });
const deadline = setTimeout(() => finish("the load test ran past its deadline", 1), DEADLINE_MS);

function finish(message: string, code: number): void {
  console.log(message);
  clearTimeout(deadline);
  relay.kill("SIGTERM");
  setTimeout(() => process.exit(code), 500);
}

/** The relay's resident memory in MB, from /proc (Linux). */
const rssMb = () =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${relay.pid}/status`, "utf8"))?.[1] ?? NaN) / 1024;

const url = await new Promise<string>((resolve) => {
  relay.stdout.on("data", (chunk: Buffer) => {
    const match = /listening at (ws:\/\/\S+)/.exec(chunk.toString());
    if (match) resolve(match[1]!);
  });
});

if (hostile) {
  const lines = [
    `room:load --hostile: ${process.argv.includes("--only") ? 1 : ATTACKS.length} attack(s) on the relay at ${url} (descriptor limit 1,024), each followed by an honest class`,
  ];
  let peak = rssMb();
  // --only NAME runs one attack, on a relay that has seen no other.
  const only = process.argv[process.argv.indexOf("--only") + 1];
  const chosen = process.argv.includes("--only") ? ATTACKS.filter((name) => name === only) : ATTACKS;
  if (chosen.length === 0) finish(`--only takes one of ${ATTACKS.join(", ")}, not "${only}"`, 2);
  for (const name of chosen) {
    const result = await runAttack(name, url, FULL, rssMb);
    peak = Math.max(peak, result.peakRssMb);
    console.log(describeAttack(result));
    lines.push(`${result.held ? "held" : "FAILED"} ${name}`);
  }
  const failed = lines.some((line) => line.startsWith("FAILED"));
  finish(
    `${lines[0]}\n  relay memory peak ${peak.toFixed(0)} MB (limit 200 MB)${failed ? "\n  at least one attack kept honest phones from voting" : ""}`,
    failed || peak >= 200 ? 1 : 0,
  );
  // finish ends the process.
  await new Promise(() => {});
}

const open = (): Promise<WebSocket> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
  });
const next = (socket: WebSocket, type: RelayMessage["type"]): Promise<RelayMessage> =>
  new Promise((resolve) => {
    const on = (data: Buffer) => {
      const message = JSON.parse(data.toString()) as RelayMessage;
      if (message.type === type) {
        socket.off("message", on);
        resolve(message);
      }
    };
    socket.on("message", on);
  });

const presenter = await open();
presenter.send(JSON.stringify({ type: "open" }));
const opened = (await next(presenter, "opened")) as Extract<RelayMessage, { type: "opened" }>;
const idleMb = rssMb();

const phones: WebSocket[] = [];
for (let i = 0; i < VOTERS; i++) {
  const phone = await open();
  phone.send(JSON.stringify({ type: "join", code: opened.code, device: `load-device-${String(i).padStart(6, "0")}` }));
  phones.push(phone);
}
await new Promise<void>((resolve) => {
  const on = (data: Buffer) => {
    const message = JSON.parse(data.toString()) as RelayMessage;
    if (message.type === "room" && message.joined === VOTERS) {
      presenter.off("message", on);
      resolve();
    }
  };
  presenter.on("message", on);
});
const joinedMb = rssMb();

const latencies: number[] = [];
let peakMb = joinedMb;
for (let round = 1 as 1 | 2; round <= ROUNDS; round++) {
  presenter.send(JSON.stringify({ type: "start", secret: opened.secret, question, round }));
  await next(presenter, "room");
  const sentAt: number[] = [];
  const shownAt: number[] = [];
  const allShown = new Promise<void>((resolve) => {
    const on = (data: Buffer) => {
      const message = JSON.parse(data.toString()) as RelayMessage;
      if (message.type !== "room" || message.poll?.round !== round) return;
      const total = message.poll.counts.reduce((a, b) => a + b, 0);
      const now = performance.now();
      while (shownAt.length < total) shownAt.push(now);
      if (total === VOTERS) {
        presenter.off("message", on);
        resolve();
      }
    };
    presenter.on("message", on);
  });
  phones.forEach((phone, i) => {
    setTimeout(() => {
      sentAt.push(performance.now());
      phone.send(JSON.stringify({ type: "vote", round, option: i % question.options.length }));
    }, Math.random() * SPREAD_MS);
  });
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb())), 100);
  await allShown;
  clearInterval(sampler);
  sentAt.sort((a, b) => a - b);
  sentAt.forEach((t, k) => latencies.push(shownAt[k]! - t)); // one shown per sent
  presenter.send(JSON.stringify({ type: "close", secret: opened.secret }));
}

latencies.sort((a, b) => a - b);
const at = (q: number) =>
  (latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] ?? NaN).toFixed(1);
for (const socket of [presenter, ...phones]) socket.close();
finish(
  [
    `room:load: ${VOTERS} voters, ${ROUNDS} rounds, each vote within ${SPREAD_MS / 1000} s, relay at ${url}`,
    `  vote → presenter's tally: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms (${latencies.length} votes)`,
    `  relay memory (RSS): ${idleMb.toFixed(1)} MB with an empty room, ${joinedMb.toFixed(1)} MB with ${VOTERS} phones, peak ${peakMb.toFixed(1)} MB while voting`,
  ].join("\n"),
  0,
);
