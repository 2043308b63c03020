/**
 * What the lab derives from a run, computed once per result however many components ask: the
 * timeline model, the story and the predict questions. Keyed weakly by the result object, so a
 * result that is replaced takes its derived data with it.
 */
import type { SimResult } from "@/lib/sim/simulate";
import { questionsFor, type Question } from "@/lib/lab/question";
import { storyOf, type Story } from "@/lib/lab/story";
import { timelineModel, type TimelineModel } from "@/lib/lab/timeline/model";

function perResult<T>(derive: (result: SimResult) => T): (result: SimResult) => T {
  const cache = new WeakMap<SimResult, T>();
  return (result) => {
    let value = cache.get(result);
    if (value === undefined) {
      value = derive(result);
      cache.set(result, value);
    }
    return value;
  };
}

export const modelOf = perResult<TimelineModel>(timelineModel);
export const storyOfResult = perResult<Story>((result) => storyOf(result));
export const questionsOf = perResult<Question[]>((result) => questionsFor(result, storyOfResult(result).lines));
