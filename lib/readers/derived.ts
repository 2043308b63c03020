/**
 * What the lab derives from a run — the timeline model, the story, predict mode's questions and a
 * stream run's bottleneck —
 * computed once per result however many components ask, and keyed weakly by the result object so
 * a replaced result takes its derived data with it. A large run arrives from the Web Worker with
 * all of them already made (and without its event log), and is adopted here.
 */
import type { SimResult } from "@/lib/sim/simulate";
import { bottleneckOf, type Bottleneck } from "./bottleneck";
import { questionsFor, type Question } from "./question";
import { storyOf, type Story } from "./story";
import {
  timelineModel,
  timelineModelData,
  timelineModelFrom,
  type TimelineModel,
  type TimelineModelData,
} from "./timelineModel";

const models = new WeakMap<SimResult, TimelineModel>();
const stories = new WeakMap<SimResult, Story>();
const questionLists = new WeakMap<SimResult, Question[]>();
const bottlenecks = new WeakMap<SimResult, Bottleneck | null>();

function cached<T>(cache: WeakMap<SimResult, T>, result: SimResult, derive: () => T): T {
  let value = cache.get(result);
  if (value === undefined) {
    value = derive();
    cache.set(result, value);
  }
  return value;
}

export const modelOf = (result: SimResult): TimelineModel => cached(models, result, () => timelineModel(result));
export const storyOfResult = (result: SimResult): Story => cached(stories, result, () => storyOf(result));
export const questionsOf = (result: SimResult): Question[] =>
  cached(questionLists, result, () => questionsFor(result, storyOfResult(result).lines));
export const bottleneckOfResult = (result: SimResult): Bottleneck | null =>
  cached(bottlenecks, result, () => bottleneckOf(result));

/** A run with everything the lab derives from it, made where the run was (the worker). */
export interface PreparedRun {
  /** The result without its event log: everything the page needs from the log is below. */
  result: SimResult;
  model: TimelineModelData;
  story: Story;
  questions: Question[];
  bottleneck: Bottleneck | null;
}

export function prepareRun(result: SimResult): PreparedRun {
  const story = storyOf(result);
  return {
    result: { ...result, events: [] },
    model: timelineModelData(result),
    story,
    questions: questionsFor(result, story.lines),
    bottleneck: bottleneckOf(result),
  };
}

/** The buffers of a prepared run that can be handed over without copying. */
export function preparedTransferables({ model }: PreparedRun): ArrayBuffer[] {
  const m = model.messages;
  return [
    model.stops.all,
    model.stops.withoutMessages,
    model.stops.key,
    m.id,
    m.sendT,
    m.endT,
    m.from,
    m.to,
    m.msg,
    m.dropped,
  ].map((array) => array.buffer as ArrayBuffer);
}

/** Takes in a run prepared elsewhere: its derived data is registered, and its result returned. */
export function adoptPreparedRun(prepared: PreparedRun): SimResult {
  models.set(prepared.result, timelineModelFrom(prepared.model));
  stories.set(prepared.result, prepared.story);
  questionLists.set(prepared.result, prepared.questions);
  bottlenecks.set(prepared.result, prepared.bottleneck);
  return prepared.result;
}
