import { spawn, type ChildProcess } from "node:child_process";

/**
 * Starts `npm run room`'s server (the built site and the vote relay) on a free port of 127.0.0.1
 * for one spec, and stops it by its PID. Resolves with the address it printed.
 */
export async function startRoom(): Promise<{ origin: string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/room.ts", "--port", "0", "--host", "127.0.0.1"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  let stopping = false;
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the room server did not start:\n${output}`)), 60_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /room is open at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`the room server exited (${code}):\n${output}`)));
    // A server that dies during a test says why, in the test's output.
    child.once(
      "exit",
      (code, signal) => !stopping && console.error(`the room server exited (${code ?? signal}):\n${output}`),
    );
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      stopping = true;
      child.once("exit", () => resolve());
      process.kill(child.pid!, "SIGTERM");
    });
  return { origin, stop };
}
