import type { Metadata } from "next";
import Link from "next/link";
import { ContentHtml } from "@/components/content/ContentHtml";
import { DrillWorkbench } from "@/components/drill/DrillWorkbench";
import { Container } from "@/components/ui/Container";
import { contentLoad, drillLoad } from "@/lib/content/load";

interface Props {
  params: Promise<{ slug: string }>;
}

// A static export: every drill is a page built ahead of time, and any other path is a 404.
export const dynamicParams = false;

export function generateStaticParams() {
  return contentLoad().drills.map((drill) => ({ slug: drill.slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const drill = drillLoad((await params).slug);
  return {
    title: `${drill.title} · drill`,
    description: `An interview drill with a model answer and a rubric: ${drill.title}.`,
  };
}

export default async function DrillPage({ params }: Props) {
  const drill = drillLoad((await params).slug);
  return (
    <Container className="py-10 sm:py-12">
      <div className="max-w-3xl">
        <p className="text-sm">
          <Link href="/drill/" className="font-medium text-link underline underline-offset-2">
            All drills
          </Link>
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{drill.title}</h1>
        <p className="mt-2 text-ink-muted">
          {drill.topic} · about {drill.minutes} minutes
        </p>

        <section
          aria-labelledby="prompt-heading"
          className="mt-8 rounded-xl border-l-4 border-focus bg-surface p-5 sm:p-6"
        >
          <h2 id="prompt-heading" className="text-sm font-semibold tracking-wide text-ink-muted uppercase">
            Prompt
          </h2>
          <ContentHtml html={drill.promptHtml} className="mt-2 text-lg leading-relaxed" />
        </section>
      </div>
      {/* Outside the prose column: once revealed, the model answer sits beside the draft on a wide screen. */}
      <DrillWorkbench
        slug={drill.slug}
        minutes={drill.minutes}
        rubric={drill.rubric}
        mustHaves={drill.mustHaves}
        modelAnswerHtml={drill.modelAnswerHtml}
        followUpsHtml={drill.followUpsHtml}
        scenario={drill.scenario}
      />
    </Container>
  );
}
