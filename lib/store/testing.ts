/**
 * A headless lab for store-level tests, so a test reads like what a learner does:
 *
 *   const lab = TestLab.open("?preset=gc-pause");
 *   lab.edit((s) => withTtl(s, 20_000));
 *   expect(lab.summary.verdict).toBe("safe");
 *
 * Runs happen at once on this thread unless a test passes its own runner.
 */
import { decodeLabSearch } from "@/lib/scenario/url";
import { createRunner, type Runner } from "@/lib/workers/simRunner";
import type { ResolvedScenario, Scenario } from "@/lib/sim/scenario";
import type { SimResult } from "@/lib/sim/simulate";
import { createLabSession, type LabSession } from "./labSession";

export class TestLab {
  readonly session: LabSession;
  private readonly stopFollowing: () => void;

  private constructor(search: string, runner: Runner) {
    this.session = createLabSession(decodeLabSearch(search), { runner });
    this.stopFollowing = this.session.follow();
  }

  /** Opens the lab as a link would (`?preset=gc-pause`, `?s=…&t=…`). */
  static open(search: string, runner: Runner = createRunner(null)): TestLab {
    return new TestLab(search, runner);
  }

  get result(): SimResult {
    const result = this.session.scenario.getState().result;
    if (!result) throw new Error("the lab has no result yet (a background run is still pending)");
    return result;
  }

  get summary() {
    return this.result.summary;
  }

  get playhead(): number {
    return this.session.playback.getState().t;
  }

  get notices() {
    return this.session.scenario.getState().notices;
  }

  edit(change: (scenario: Scenario, resolved: ResolvedScenario) => Scenario): this {
    this.session.scenario.getState().edit(change);
    return this;
  }

  choosePreset(id: string): this {
    this.session.scenario.getState().choosePreset(id);
    return this;
  }

  predict(on = true): this {
    this.session.scenario.getState().setPredicting(on);
    return this;
  }

  seek(t: number): this {
    this.session.playback.getState().setT(t);
    return this;
  }

  close(): void {
    this.stopFollowing();
    this.session.dispose();
  }
}
