"use client";

/**
 * One run of the learner's client on the lab's timeline, with its story: a lab session whose runner
 * is the sandbox (lib/workers/codeRunner.ts), so the learner's code runs only in its worker, and
 * the timeline, the story and the topology's faults work unchanged. Loaded when the learner first
 * presses Run (CodeLevelView), never before: a shared link's code runs only then.
 */
import { useEffect, useRef, useState } from "react";
import type { Scenario } from "@/lib/sim/scenario";
import type { SimResult } from "@/lib/sim/simulate";
import { locationOfScenario } from "@/lib/scenario/url";
import { createLabSession } from "@/lib/store/labSession";
import type { Runner } from "@/lib/workers/simRunner";
import type { CodeJobs, CodeOutcome } from "@/lib/workers/codeRunner";
import { LabStoresProvider, useScenario } from "@/components/lab/stores";
import { selectPending, selectResult, selectScenario } from "@/components/lab/selectors";
import { StoryList } from "@/components/outcome/StoryList";
import { Timeline } from "@/components/timeline/Timeline";
import { useSession } from "@/components/lab/useSession";

export interface CodeRunRequest {
  /** A new value runs again (the same scenario with edited code is a new run). */
  key: number;
  scenario: Scenario;
  source: string;
}

/** A runner that runs every scenario the session asks for with the learner's code, in the sandbox. */
function sandboxRunner(
  jobs: CodeJobs,
  slug: string,
  source: () => string,
  heard: (outcome: CodeOutcome) => void,
): Runner {
  let stop: (() => void) | null = null;
  const cancel = () => {
    stop?.();
    stop = null;
  };
  return {
    run(scenario, _size, listener) {
      cancel();
      stop = jobs.start(
        { kind: "run", source: source(), level: slug, scenario },
        {
          done: (outcome) => {
            stop = null;
            heard(outcome);
            if (outcome.kind === "run") listener.done(outcome.result);
            else listener.failed("message" in outcome ? outcome.message : "the sandbox answered a run with a verdict");
          },
        },
      );
      return "background";
    },
    cancel,
    dispose: cancel,
  };
}

/** A value the runner reads when it runs, kept up to date after each render. */
function latest<T>(value: T) {
  let held = value;
  return { get: () => held, set: (next: T) => void (held = next) };
}

export default function CodeRun({
  request,
  slug,
  jobs,
  onOutcome,
  onResult,
}: {
  request: CodeRunRequest;
  slug: string;
  jobs: CodeJobs;
  onOutcome: (outcome: CodeOutcome) => void;
  onResult: (result: SimResult) => void;
}) {
  // What the runner reads when the session asks for a run: the code and listener as they are now.
  const [live] = useState(() => latest({ source: request.source, heard: onOutcome }));
  useEffect(() => live.set({ source: request.source, heard: onOutcome }));
  const [session] = useState(() =>
    createLabSession(locationOfScenario(request.scenario), {
      runner: sandboxRunner(
        jobs,
        slug,
        () => live.get().source,
        (o) => live.get().heard(o),
      ),
    }),
  );
  useSession(session);
  // The first request ran as the session opened; each later one runs again, with the code as it is now.
  const ran = useRef(request.key);
  useEffect(() => {
    if (request.key === ran.current) return;
    ran.current = request.key;
    session.scenario.getState().restore(request.scenario, null);
  }, [request, session]);
  return (
    <LabStoresProvider stores={session}>
      <RunViews onResult={onResult} />
    </LabStoresProvider>
  );
}

function RunViews({ onResult }: { onResult: (result: SimResult) => void }) {
  const result = useScenario(selectResult);
  const pending = useScenario(selectPending);
  const scenario = useScenario(selectScenario);
  const told = useRef(onResult);
  useEffect(() => {
    told.current = onResult;
  });
  useEffect(() => {
    if (result) told.current(result);
  }, [result]);
  return (
    <div className="space-y-4">
      {pending && <p className="text-sm text-ink-muted">Running your client in the sandbox…</p>}
      {/* Drawn afresh for each scenario, so its view fits that run (as on a defend level). */}
      <Timeline key={JSON.stringify(scenario)} />
      {result && <StoryList result={result} />}
    </div>
  );
}
