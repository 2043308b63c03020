/** The words the /code pages say about a level's world, a check and a grade. */
import type { CodeVerdict } from "@/lib/challenges/codeCheck";
import type { CodeLevel } from "@/lib/challenges/codeLevel";
import type { FaultWorld } from "@/lib/challenges/faultWorld";
import { formatDuration, groupDigits } from "@/lib/sim/format";

const lengths = (ms: readonly number[]) => ms.map(formatDuration).join(", ");
const plural = (n: number, one: string, many = `${one}s`) => `${groupDigits(n)} ${n === 1 ? one : many}`;

/** What a level's schedules are made of, in one sentence. */
export function codeWorldText(world: FaultWorld): string {
  const kinds = [
    world.pauseMs.length ? `pauses of ${lengths(world.pauseMs)} at every moment that matters` : null,
    world.jumpMs.length ? `clock jumps of ${lengths(world.jumpMs)}, forward and back, just after each grant` : null,
    world.delayMs.length ? `delays of ${lengths(world.delayMs)} to each write on its way to storage` : null,
    world.crashRestartMs?.length
      ? `a crash of a client just after each of its grants, restarting after ${lengths(world.crashRestartMs)}`
      : null,
  ].filter(Boolean);
  if (world.maxFaults === 0 || kinds.length === 0) return "The run as it is, with no fault added.";
  return `Every schedule of up to ${plural(world.maxFaults, "fault")}: ${kinds.join("; ")} (at most ${groupDigits(world.maxSchedules)} schedules).`;
}

/** "Safe on all 612 schedules" or "Breaks on 37 of 612 schedules". */
export function checkHeadline(verdict: CodeVerdict): string {
  const { tried, failed, complete } = verdict.schedules;
  if (!complete) return `Stopped after ${plural(tried, "schedule")}: the world is larger than its budget`;
  if (failed === 0) return `Safe and live on all ${plural(tried, "schedule")}`;
  return `Breaks on ${groupDigits(failed)} of ${plural(tried, "schedule")}`;
}

const reasonText: Record<NonNullable<CodeVerdict["counterexample"]>["reason"], string> = {
  unsafe: "storage was damaged: two clients wrote as if each held the lock",
  "not-live": "the clients did not get all their jobs done",
  threw: "your code threw an error",
};

export const counterexampleReason = (verdict: CodeVerdict) =>
  verdict.counterexample ? reasonText[verdict.counterexample.reason] : null;

/** Par in words: "6 requests to the lock service (par 18)". */
export function parText(par: CodeVerdict["par"] | CodeLevel["par"], yours?: number | null): string {
  const say = (n: number) =>
    par.kind === "service-calls"
      ? plural(n, "request") + " to the lock service"
      : `all jobs done by ${formatDuration(n)}`;
  if (yours === undefined) return `Par: ${say(par.value)}, on the run with no fault added.`;
  if (yours === null) return `Par: ${say(par.value)}; your run with no fault added did not finish its jobs.`;
  return `${say(yours)} on the run with no fault added (par: ${par.kind === "service-calls" ? groupDigits(par.value) : formatDuration(par.value)}).`;
}
