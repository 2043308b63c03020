/**
 * The checks content:check runs on every level by playing it: a break level's reference solution
 * wins within the budget and at par, and the design does not fail before it; a level declared
 * unwinnable has no winning schedule in its world; a defend level's starting design fails and
 * its reference design survives every schedule of its world. Each problem names the field at fault.
 */
import { validateScenario, type Scenario } from "@/lib/sim/scenario";
import { simulate } from "@/lib/sim/simulate";
import { designApply, designChanges } from "./design";
import { exhaustiveCheck, worldSize } from "./exhaustive";
import { goalHolds } from "./goals";
import { breakScore, gradeBreak } from "./grade";
import type { BreakLevel, DefendLevel, Level } from "./level";
import type { FaultWorld } from "./faultWorld";

export interface LevelProblem {
  path: (string | number)[];
  reason: string;
}

export function levelVerify(level: Level): LevelProblem[] {
  return level.mode === "break" ? verifyBreak(level) : verifyDefend(level);
}

function verifyBreak(level: BreakLevel): LevelProblem[] {
  const problems: LevelProblem[] = [];
  const { rules } = level;
  if (goalHolds(level.goal, simulate(level.scenario)))
    problems.push({ path: ["goal"], reason: "the goal already holds with no fault added" });
  if (rules.solution) {
    const withSolution = { ...level.scenario, faults: [...(level.scenario.faults ?? []), ...rules.solution] };
    const v = validateScenario(withSolution);
    if (!v.ok)
      return [
        ...problems,
        ...v.errors.map((reason) => ({ path: ["break", "solution"], reason: `the solution is not valid: ${reason}` })),
      ];
    const grade = gradeBreak(level, rules.solution, simulate(withSolution));
    for (const reason of grade.overBudget)
      problems.push({ path: ["break", "solution"], reason: `the reference solution is over budget: ${reason}` });
    if (!grade.goalMet)
      problems.push({ path: ["break", "solution"], reason: "the reference solution does not meet the goal" });
    const score = breakScore(rules.solution);
    if (
      rules.par &&
      (score.faults !== rules.par.faults || (rules.par.pauseMs !== undefined && score.pauseMs !== rules.par.pauseMs))
    ) {
      problems.push({
        path: ["break", "par"],
        reason: `par must be the reference solution's score (${score.faults} faults, ${score.pauseMs} ms of pauses)`,
      });
    }
  }
  if (rules.world) {
    problems.push(...worldFits(level.scenario, rules.world, ["break", "world"]));
    const check = exhaustiveCheck(level.scenario, rules.world, (run) => goalHolds(level.goal, run));
    if (check.stoppedBy !== "complete")
      problems.push({
        path: ["break", "world"],
        reason: `the check stopped (${check.stoppedBy}) after ${check.tried} schedules`,
      });
    else if (rules.solution === null && check.failed > 0) {
      problems.push({
        path: ["break", "solution"],
        reason: `no solution is given, but ${check.failed} of ${check.tried} schedules win: ${check.shortest!.explanations.join(" ")}`,
      });
    }
  }
  return problems;
}

function verifyDefend(level: DefendLevel): LevelProblem[] {
  const problems: LevelProblem[] = [];
  const { rules } = level;
  problems.push(...worldFits(level.scenario, rules.world, ["defend", "world"]));
  const holds = (run: Parameters<typeof goalHolds>[1]) => goalHolds(level.goal, run);
  // The starting design only has to fail once: stop at its first counterexample.
  let broke = false;
  const breaks = (run: Parameters<typeof goalHolds>[1]) => (broke ||= !holds(run));
  const startFails =
    !goalHolds(rules.baseline, simulate(level.scenario)) ||
    exhaustiveCheck(level.scenario, rules.world, breaks, { shouldStop: () => broke }).failed > 0;
  if (!startFails)
    problems.push({
      path: ["defend", "world"],
      reason: "the starting design already holds for every schedule: there is nothing to defend",
    });

  const designed = designApply(level.scenario, rules.solution);
  if (!designed.ok)
    return [
      ...problems,
      ...designed.errors.map((reason) => ({
        path: ["defend", "solution"],
        reason: `the solution's design is not valid: ${reason}`,
      })),
    ];
  problems.push(...worldFits(designed.scenario, rules.world, ["defend", "world"]));
  if (!goalHolds(rules.baseline, simulate(designed.scenario)))
    problems.push({
      path: ["defend", "baseline"],
      reason: "the reference design does not meet the baseline with no fault added",
    });
  const check = exhaustiveCheck(designed.scenario, rules.world, (run) => !holds(run));
  if (check.stoppedBy !== "complete")
    problems.push({
      path: ["defend", "world"],
      reason: `the check of the reference design stopped (${check.stoppedBy}) after ${check.tried} schedules`,
    });
  else if (check.failed > 0)
    problems.push({
      path: ["defend", "solution"],
      reason: `the reference design fails ${check.failed} of ${check.tried} schedules, e.g. ${check.shortest!.explanations.join(" ")}`,
    });
  const changes = designChanges(level, rules.solution).length;
  if (changes !== rules.par.changes)
    problems.push({
      path: ["defend", "par", "changes"],
      reason: `par must be the reference design's changes (${changes})`,
    });
  return problems;
}

function worldFits(scenario: Scenario, world: FaultWorld, path: (string | number)[]): LevelProblem[] {
  const size = worldSize(scenario, world);
  return size.estimate > world.maxSchedules
    ? [
        {
          path: [...path, "maxSchedules"],
          reason: `the world has about ${size.estimate} schedules, more than maxSchedules (${world.maxSchedules})`,
        },
      ]
    : [];
}
