import { ContentHtml } from "@/components/content/ContentHtml";
import type { Comparison, DecisionGuide as Guide, LessonBlock } from "@/lib/content/lessonTypes";
import { ComparisonTable } from "./ComparisonTable";
import { DecisionGuide } from "./DecisionGuide";
import { EmbeddedSim } from "./EmbeddedSim";
import { LessonLiveProvider } from "./LessonLive";
import { LiveControl } from "./LiveControl";
import { PredictStep } from "./PredictStep";
import { TtlCalculator } from "./TtlCalculator";

const lessonProse =
  "max-w-3xl text-[1.0625rem] leading-relaxed [&_h2]:mt-12 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_p]:mt-4 [&_li]:leading-relaxed";

/**
 * A lesson's body (`lesson`: its slug): the prose rendered at build time, and the live pieces between it. The live
 * numbers and the runs they drive share one store, so they sit inside one provider.
 */
export function LessonBody({
  lesson,
  blocks,
  guide,
  comparison,
}: {
  lesson: string;
  blocks: LessonBlock[];
  guide: Guide;
  comparison: Comparison;
}) {
  return (
    <LessonLiveProvider>
      <Blocks lesson={lesson} blocks={blocks} guide={guide} comparison={comparison} />
    </LessonLiveProvider>
  );
}

/** The blocks in order; a prediction's reveal is blocks too, shown by the prediction once answered. */
function Blocks({
  lesson,
  blocks,
  guide,
  comparison,
}: {
  lesson: string;
  blocks: LessonBlock[];
  guide: Guide;
  comparison: Comparison;
}) {
  return (
    <>
      {blocks.map((block, index) => {
        switch (block.kind) {
          case "html":
            return <ContentHtml key={index} html={block.html} className={lessonProse} />;
          case "sim":
            return <EmbeddedSim key={index} preset={block.preset} live={block.live} />;
          case "predict":
            return (
              <PredictStep key={index} lesson={lesson} predict={block}>
                {block.reveal.length > 0 && (
                  <Blocks lesson={lesson} blocks={block.reveal} guide={guide} comparison={comparison} />
                )}
              </PredictStep>
            );
          case "live":
            return <LiveControl key={index} live={block} />;
          case "ttl-calculator":
            return <TtlCalculator key={index} />;
          case "decision-guide":
            return <DecisionGuide key={index} guide={guide} />;
          case "comparison-table":
            return <ComparisonTable key={index} comparison={comparison} />;
        }
      })}
    </>
  );
}
