import type { Metadata } from "next";
import { CodeIndex } from "@/components/code/CodeIndex";
import { codeLevelsLoad } from "@/lib/content/codeLevels";

export const metadata: Metadata = {
  title: "Code it yourself",
  description:
    "Write a lock client against Redis and its neighbours, run it under faults, and have it checked on every schedule of a small world.",
};

export default function CodePage() {
  return (
    <CodeIndex
      levels={codeLevelsLoad().map(({ slug, title, summary, interview, par }) => ({
        slug,
        title,
        summary,
        interview: interview !== null,
        par,
      }))}
    />
  );
}
