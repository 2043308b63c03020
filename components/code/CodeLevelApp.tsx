"use client";

import { ContentHtml } from "@/components/content/ContentHtml";
import { ProgressProvider } from "@/components/progress/ProgressProvider";
import { CodeLevelView, type CodeLevelProps } from "./CodeLevelView";

/** A code level's page: its prompt, then the live level (the editor and the sandbox load after the first paint). */
export function CodeLevelApp(props: CodeLevelProps) {
  const { level, kicker } = props;
  return (
    <div className="mx-auto w-full max-w-[1440px] px-4 py-6 sm:px-6 lg:py-8">
      <ProgressProvider>
        <header className="mb-6">
          <p className="text-sm font-semibold text-ink-muted">{kicker}</p>
          <h1 className="text-3xl font-bold tracking-tight">{level.title}</h1>
          <ContentHtml html={level.promptHtml} className="mt-3 max-w-3xl leading-relaxed" />
        </header>
        <noscript>
          <p className="mb-4 font-semibold">Writing and running your client needs JavaScript.</p>
        </noscript>
        <CodeLevelView {...props} />
      </ProgressProvider>
    </div>
  );
}
