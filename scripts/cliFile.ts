/**
 * Reads a file the command line was given, refusing before a byte is read what is not a regular
 * file (`/dev/zero`, a directory, a pipe) or is over the size limit (issue 53, item 8): reading
 * `/dev/zero` ran the machine out of memory. The error's message names why; the CLI puts the
 * option and the file's name before it.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync, statSync, type Stats } from "node:fs";
import { MAX_SCENARIO_FILE_BYTES } from "../lib/sim/cliWork";

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, "")} MB`;

function refusal(stats: Stats, limit: number): string | null {
  if (!stats.isFile()) {
    const what = stats.isDirectory()
      ? "a directory"
      : stats.isCharacterDevice() || stats.isBlockDevice()
        ? "a device"
        : stats.isFIFO()
          ? "a pipe"
          : stats.isSocket()
            ? "a socket"
            : "something other than a file";
    return `it is ${what}, not a regular file`;
  }
  if (stats.size > limit) return `it is ${megabytes(stats.size)}; a scenario file can be at most ${megabytes(limit)}`;
  return null;
}

export function readCliFile(path: string, limit = MAX_SCENARIO_FILE_BYTES): string {
  const before = refusal(statSync(path), limit);
  if (before) throw new Error(before);
  // Non-blocking, so a file swapped for a pipe after the check cannot hang the open; checked again
  // on the descriptor that is read, so what is read is what was checked.
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const after = refusal(fstatSync(fd), limit);
    if (after) throw new Error(after);
    return readFileSync(fd, "utf8");
  } finally {
    closeSync(fd);
  }
}
