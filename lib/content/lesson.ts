/**
 * Parses and validates one lesson: front matter `title`, `summary`, `objectives` and
 * `quiz`; a markdown body in which live pieces are leaf directives on their own lines
 * (lessonDirectives.ts), and a prediction may hold its reveal as a container directive:
 *   :::predict{preset="…" at="…" question="…" options="…" answer="…"}
 *   What the run shows after the moment, with its :run figures (and any ::live and ::sim it needs).
 *   :::
 * The body becomes a list of blocks: rendered HTML between the pieces. Nothing outside a reveal
 * may give its prediction's answer away (predictSpoilers.ts), nor show the prediction's run whole.
 */
import type { Root, RootContent } from "mdast";
import { z } from "zod";
import { ProblemList, type Parsed } from "./errors";
import { fingerprint } from "./fingerprint";
import { frontMatterRead } from "./frontMatter";
import { bareCheck, DIRECTIVE_NAMES, isDirectiveName, liveCheck, predictCheck, simCheck, type PresetLookup } from "./lessonDirectives";
import type { LessonBlock, Lesson, LessonLive, LiveBinding } from "./lessonTypes";
import { inlineResolve } from "./inlineDirectives";
import { lineOf, markdownParse, markdownToHtml, checkFences } from "./markdown";
import { answerSignals, sentencesOf, spoilerReason, type AnswerSignals } from "./predictSpoilers";
import { fileSlug } from "./slug";


const LESSON_FILE = /^(\d{2})-[a-z0-9]+(-[a-z0-9]+)*$/;
const KNOWN = DIRECTIVE_NAMES.map((name) => `::${name}`).join(", ");

export interface LessonContext {
  preset: PresetLookup;
  /** A quiz set's title by slug; undefined for a slug that names no set. */
  quizTitle: (slug: string) => string | undefined;
  /** A group of content/references.md by id; undefined for an id that names none. */
  referenceTitle: (id: string) => string | undefined;
}

function frontMatterSchema({ quizTitle, referenceTitle }: LessonContext) {
  const text = z.string().trim().min(1, "must not be empty");
  return z.strictObject({
    title: text,
    summary: text,
    objectives: z.array(text, "must be a list of objectives, one per line starting with \"- \"").min(1, "must list at least one objective"),
    quiz: z.string().refine((slug) => quizTitle(slug) !== undefined, { error: (issue) => `unknown quiz set "${String(issue.input)}": it must be the name of a file in content/quizzes, without ".md"` }),
    // The groups of content/references.md that hold this lesson's primary sources.
    sources: z
      .array(z.string().refine((id) => referenceTitle(id) !== undefined, { error: (issue) => `unknown references group "${String(issue.input)}": it must be the slug of a "## " heading in content/references.md` }), "must be a list of references groups, such as [redis, etcd]")
      .min(1, "must name at least one group of content/references.md"),
  });
}

/**
 * A prediction's id, from its run and its moment rather than its place in the lesson, so adding or
 * removing another prediction leaves the learner's saved answer on the question it was given to.
 * It is the page's anchor too, so only letters, digits and hyphens.
 */
export function predictionId(preset: string, at: number): string {
  return `predict-${preset}-${at}`.replace(/[^A-Za-z0-9-]/g, "-");
}

export function lessonParse(file: string, source: string, context: LessonContext): Parsed<Lesson> {
  const problems = new ProblemList(file);
  const slug = fileSlug(file);
  const number = LESSON_FILE.exec(slug)?.[1];
  if (!number) problems.add(1, `the file name must be two digits, a hyphen and a lower-case slug, such as "02-leases.md", not "${slug}.md"`);
  const tree: Root = markdownParse(source);
  checkFences(source, problems);
  const meta = frontMatterRead(tree, frontMatterSchema(context), problems);

  const lives: LessonLive[] = [];
  /** Each prediction's id, with the line it is asked at: two at one moment of one run would share the anchor and the saved answer. */
  const predictionLines = new Map<string, number>();
  /**
   * The presets whose runs a prediction on the page holds, with the line of the first: a ::sim of
   * one shows that prediction's answer, above or below it. A reveal is shown once its own prediction
   * is answered, so it may show the run of its own preset and of those predicted before it (met
   * first, in reading order), never one predicted further down.
   */
  const predictedOnPage = new Map<string, number>();
  for (const node of tree.children) {
    const preset = node.type === "leafDirective" || node.type === "containerDirective" ? node.attributes?.preset : undefined;
    if ((node.type === "leafDirective" || node.type === "containerDirective") && node.name === "predict" && preset && !predictedOnPage.has(preset)) {
      predictedOnPage.set(preset, lineOf(node));
    }
  }
  const liveLines = new Map<number, number>();
  const simOf = (block: LessonBlock, live: LessonLive): boolean =>
    (block.kind === "sim" && block.live.some((binding) => binding.id === live.id)) || (block.kind === "predict" && block.reveal.some((inner) => simOf(inner, live)));

  /**
   * The blocks of a run of markdown nodes: the lesson's body, or a prediction's reveal. A run is
   * driven by the live controls of its preset above it in its own list or an enclosing one, so a
   * control inside a reveal drives only the runs after it in that reveal.
   */
  const blocksRead = (nodes: RootContent[], outerLives: LessonLive[], reveal: { line: number } | null): LessonBlock[] => {
    const blocks: LessonBlock[] = [];
    const visible = [...outerLives];
    let prose: RootContent[] = [];
    const flush = () => {
      if (prose.length > 0) blocks.push({ kind: "html", html: markdownToHtml(prose) });
      prose = [];
    };
    const bindingsFor = (preset: string): LiveBinding[] => visible.filter((live) => live.preset.id === preset).map(({ id, field }) => ({ id, field }));
    /** The prediction whose answer the prose that follows it must not state, until a heading or another piece. */
    let open: AnswerSignals | null = null;

    for (const node of nodes) {
      if (node.type === "yaml") continue;
      const line = lineOf(node);
      if (node.type === "heading" && node.depth === 1) {
        problems.add(line, 'the title belongs in the front matter; sections start with "## "');
        continue;
      }
      if (node.type === "heading") open = null;
      const isPredictBody = node.type === "containerDirective" && node.name === "predict";
      if (node.type === "containerDirective" && !isPredictBody) {
        problems.add(line, `":::${node.name}" is not a lesson piece: write ${isDirectiveName(node.name) ? `::${node.name}{…}` : "one of " + KNOWN} on its own line`);
        continue;
      }
      if (node.type !== "leafDirective" && !isPredictBody) {
        if (open && node.type !== "heading") {
          for (const sentence of sentencesOf(node)) {
            const reason = spoilerReason(sentence, open);
            if (reason) problems.add(sentence.line, `this sentence gives away the answer to the prediction above (${reason}): move it into the prediction's reveal (:::predict{…} … :::), shown once the learner has answered`);
          }
        }
        inlineResolve(node, problems, { source });
        prose.push(node);
        continue;
      }
      const { name } = node;
      const attributes = node.attributes ?? {};
      // Prose after another run is about that run; after a run or a control of the prediction's
      // own preset (itself a problem, below) it is still about the prediction's.
      if (open && !((name === "sim" || name === "live") && attributes.preset === open.preset)) open = null;
      if (!isDirectiveName(name)) {
        problems.add(line, `unknown directive ::${name} (known: ${KNOWN})`);
        continue;
      }
      if (node.type === "leafDirective" && node.children.length > 0) problems.add(line, `::${name} takes no [label]: give its values as {attributes}`);
      flush();
      const report = (list: string[]) => list.forEach((reason) => problems.add(line, reason));
      if (name === "sim") {
        const checked = simCheck(attributes, context.preset);
        if (checked.ok) {
          const predicted = predictedOnPage.get(checked.value.id);
          if (predicted !== undefined && (reveal === null || predicted > reveal.line)) {
            problems.add(
              line,
              `::sim{preset="${checked.value.id}"} shows the whole run the prediction at line ${predicted} holds, before the learner has answered it: the prediction's own run plays on once answered, so remove this ::sim, or move it (with any ::live that drives it) into the reveal (:::predict{…} … :::) of that prediction or of one after it`,
            );
          }
          blocks.push({ kind: "sim", preset: checked.value, live: bindingsFor(checked.value.id) });
        } else report(checked.problems);
      } else if (name === "predict") {
        if (reveal) problems.add(line, `a prediction's reveal holds no other prediction: close the :::predict at line ${reveal.line} with ":::" first`);
        const checked = predictCheck(attributes, context.preset);
        if (checked.ok) {
          const body = node.type === "containerDirective" ? blocksRead(node.children, visible, { line }) : [];
          if (node.type === "containerDirective" && body.length === 0) problems.add(line, `:::predict has an empty reveal: write what the run shows after the moment, or use ::predict{…} on one line`);
          const { written, ...predict } = checked.value;
          const id = predictionId(predict.preset.id, predict.at);
          const earlier = predictionLines.get(id);
          if (earlier !== undefined)
            problems.add(
              line,
              `this prediction and the one at line ${earlier} both hold preset "${predict.preset.id}" at ${predict.at} ms, so they would share the id "${id}" that the page's anchor and the learner's saved answer use: ask one at another moment or of another preset, or make them one prediction`,
            );
          else predictionLines.set(id, line);
          blocks.push({ kind: "predict", ...predict, id, fingerprint: fingerprint(predict.question, ...predict.options), reveal: body });
          open = answerSignals(predict.preset.id, predict.at, predict.question, written, predict.options, predict.answer);
        } else report(checked.problems);
      } else if (name === "live") {
        const checked = liveCheck(attributes, context.preset);
        if (checked.ok) {
          const live: LessonLive = { kind: "live", id: lives.length, ...checked.value };
          lives.push(live);
          visible.push(live);
          liveLines.set(live.id, line);
          blocks.push(live);
        } else report(checked.problems);
      } else {
        const bare = bareCheck(name, attributes);
        if (bare.length === 0) blocks.push({ kind: name });
        else report(bare);
      }
    }
    flush();
    return blocks;
  };

  const blocks = blocksRead(tree.children, [], null);

  // A live control with no run of its preset after it would move nothing.
  for (const live of lives) {
    const driven = blocks.some((block) => simOf(block, live));
    if (!driven) problems.add(liveLines.get(live.id)!, `::live for preset "${live.preset.id}" has no ::sim of that preset after it to drive`);
  }

  return problems.result(() => ({
    slug,
    number: Number(number),
    title: meta!.title,
    summary: meta!.summary,
    objectives: meta!.objectives,
    quiz: { slug: meta!.quiz, title: context.quizTitle(meta!.quiz)! },
    sources: meta!.sources.map((id) => ({ id, title: context.referenceTitle(id)! })),
    blocks,
  }));
}

