// The recorder's watchdog: a separate process (its own process group) that learns, line by line
// on stdin, every server process group, client process and data directory the recorder makes.
// When stdin closes — the recorder exited, crashed, or was killed with SIGKILL — it kills them
// all by PID and removes the directories. Signals meant for the recorder do not stop it.
import { rmSync } from "node:fs";

const groups = new Set();
const pids = new Set();
const dirs = new Set();
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(sig, () => {});

let buffer = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  buffer += chunk;
  let nl;
  while ((nl = buffer.indexOf("\n")) >= 0) {
    const [what, ...rest] = buffer.slice(0, nl).split(" ");
    buffer = buffer.slice(nl + 1);
    const arg = rest.join(" ");
    if (what === "group") groups.add(Number(arg));
    else if (what === "pid") pids.add(Number(arg));
    else if (what === "dir") dirs.add(arg);
  }
});
process.stdin.on("end", () => {
  const kill = (target) => {
    try {
      process.kill(target, "SIGKILL");
    } catch {
      // Already gone.
    }
  };
  for (const pid of pids) kill(pid);
  for (const g of groups) kill(-g);
  // Give the kernel a moment to release the directories' files, then remove them.
  setTimeout(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    process.exit(0);
  }, 300);
});
