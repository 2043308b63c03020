"use client";

import { useId, useState } from "react";
import type { ApiDoc } from "@/lib/challenges/codeApi";
import type { CodeLevel } from "@/lib/challenges/codeLevel";
import { ProgressProvider } from "@/components/progress/ProgressProvider";
import { CodeLevelView } from "./CodeLevelView";

/** The open sandbox: any client, against the world of the level the learner picks; nothing graded or recorded. */
export function CodeSandbox({ levels, docs }: { levels: readonly CodeLevel[]; docs: readonly ApiDoc[] }) {
  const [slug, setSlug] = useState(levels[0]?.slug ?? "");
  const id = useId();
  const level = levels.find((l) => l.slug === slug) ?? levels[0];
  return (
    <div className="mx-auto w-full max-w-[1440px] space-y-6 px-4 py-6 sm:px-6 lg:py-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Code sandbox</h1>
        <p className="mt-2 max-w-3xl text-lg text-ink-muted">
          Write any lock client, run it, and check it against a level&apos;s world. Nothing here is graded.
        </p>
      </header>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="text-sm font-semibold">
          Lock service, clients and faults of
        </label>
        <select
          id={id}
          value={slug}
          onChange={(e) => setSlug(e.target.value)}
          className="rounded-md border border-line bg-page px-2 py-1.5 text-sm"
        >
          {levels.map((l) => (
            <option key={l.slug} value={l.slug}>
              {l.title}
            </option>
          ))}
        </select>
      </div>
      {level && (
        <ProgressProvider>
          <CodeLevelView
            key={level.slug}
            level={{ ...level, slug: `sandbox-${level.slug}` }}
            docs={docs}
            kicker="Sandbox"
            next={null}
            sandbox
          />
        </ProgressProvider>
      )}
    </div>
  );
}
