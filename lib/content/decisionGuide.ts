/**
 * Parses and validates content/lessons/decision-guide.yaml: `start` and `nodes`, where a node is a
 * question `{question, answers: [{label, next}]}` or an ending `{recommendation, why, lesson,
 * preset}`. Every `next` must name a node, every ending a lesson and a preset, every node must be
 * reachable from the start, and no path may loop back, so each walk ends in a recommendation.
 */
import { z } from "zod";
import { ProblemList, type Parsed } from "./errors";
import type { PresetLookup } from "./lessonDirectives";
import type { DecisionGuide, GuideNode, LessonSummary } from "./lessonTypes";
import { yamlRead } from "./yamlRead";

const text = z.string().trim().min(1, "must not be empty");
const questionSchema = z.strictObject({
  question: text,
  answers: z.array(z.strictObject({ label: text, next: text })).min(2, "a question needs at least two answers"),
});
const endingSchema = z.strictObject({ recommendation: text, why: text, lesson: text, preset: text });
const guideSchema = z.strictObject({ start: text, nodes: z.record(z.string().regex(/^[a-z0-9-]+$/, "node ids are lower-case slugs"), z.record(z.string(), z.unknown())) });

export function decisionGuideParse(file: string, source: string, lessons: readonly LessonSummary[], presetLookup: PresetLookup): Parsed<DecisionGuide> {
  const problems = new ProblemList(file);
  const yaml = yamlRead(source, problems);
  if (!yaml) return problems.result(() => ({ start: "", nodes: {} }));
  const issueReport = (issues: z.core.$ZodIssue[], prefix: PropertyKey[]) => {
    for (const issue of issues) {
      const path = [...prefix, ...issue.path];
      if (issue.code === "unrecognized_keys") for (const key of issue.keys) problems.add(yaml.lineAt(path), `unknown field "${key}" at ${path.join(".") || "the top level"}`);
      else problems.add(yaml.lineAt(path), `${path.join(".") || "the file"}: ${issue.message}`);
    }
  };

  const top = guideSchema.safeParse(yaml.data);
  if (!top.success) {
    issueReport(top.error.issues, []);
    return problems.result(() => ({ start: "", nodes: {} }));
  }
  const nodes: Record<string, GuideNode> = {};
  for (const [id, raw] of Object.entries(top.data.nodes)) {
    const at = ["nodes", id];
    if ("question" in raw || "answers" in raw) {
      const parsed = questionSchema.safeParse(raw);
      if (parsed.success) nodes[id] = { kind: "question", id, ...parsed.data };
      else issueReport(parsed.error.issues, at);
    } else {
      const parsed = endingSchema.safeParse(raw);
      if (!parsed.success) {
        issueReport(parsed.error.issues, at);
        continue;
      }
      const lesson = lessons.find((candidate) => candidate.slug === parsed.data.lesson);
      const preset = presetLookup(parsed.data.preset);
      if (!lesson) problems.add(yaml.lineAt([...at, "lesson"]), `nodes.${id}.lesson: unknown lesson "${parsed.data.lesson}": it must be a file in content/lessons, without ".md"`);
      if (!preset) problems.add(yaml.lineAt([...at, "preset"]), `nodes.${id}.preset: unknown preset "${parsed.data.preset}": it must be the id of a preset in content/presets/`);
      if (lesson && preset) {
        nodes[id] = {
          kind: "ending",
          id,
          recommendation: parsed.data.recommendation,
          why: parsed.data.why,
          lesson: { slug: lesson.slug, number: lesson.number, title: lesson.title },
          preset: { id: preset.id, title: preset.title },
        };
      }
    }
  }

  const ids = new Set(Object.keys(top.data.nodes));
  if (!ids.has(top.data.start)) problems.add(yaml.lineAt(["start"]), `start: no node is called "${top.data.start}"`);
  for (const node of Object.values(nodes)) {
    if (node.kind !== "question") continue;
    node.answers.forEach((answer, index) => {
      if (!ids.has(answer.next)) problems.add(yaml.lineAt(["nodes", node.id, "answers", index, "next"]), `nodes.${node.id}.answers.${index}.next: no node is called "${answer.next}"`);
    });
  }
  if (problems.empty) walkCheck(top.data.start, nodes, problems, yaml.lineAt);
  return problems.result(() => ({ start: top.data.start, nodes }));
}

/** Every node reachable from the start, and no answer leading back to a node on its own path. */
function walkCheck(start: string, nodes: Record<string, GuideNode>, problems: ProblemList, lineAt: (path: readonly PropertyKey[]) => number): void {
  const seen = new Set<string>();
  const visit = (id: string, path: string[]) => {
    seen.add(id);
    const node = nodes[id];
    if (node?.kind !== "question") return;
    node.answers.forEach((answer, index) => {
      if (answer.next === id || path.includes(answer.next)) {
        problems.add(lineAt(["nodes", id, "answers", index, "next"]), `nodes.${id}.answers.${index}.next: "${answer.next}" leads back along the path (${[...path, id, answer.next].join(" → ")}), so the guide would never end`);
      } else visit(answer.next, [...path, id]);
    });
  };
  visit(start, []);
  for (const id of Object.keys(nodes)) {
    if (!seen.has(id)) problems.add(lineAt(["nodes", id]), `nodes.${id}: no answer leads to this node, so no learner can reach it`);
  }
}
