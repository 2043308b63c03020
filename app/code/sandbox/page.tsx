import type { Metadata } from "next";
import { CodeSandbox } from "@/components/code/CodeSandbox";
import { codeApiDocsLoad } from "@/lib/content/codeApiDocs";
import { codeLevelsLoad } from "@/lib/content/codeLevels";
import "../../lab/lab.css";

export const metadata: Metadata = {
  title: "Code sandbox",
  description:
    "Write any lock client, run it on the timeline and check it against a code level's world, with no grade.",
};

export default function CodeSandboxPage() {
  // Reference solutions stay on the server; interview levels keep their worlds to themselves.
  const worlds = codeLevelsLoad()
    .filter((level) => level.interview === null)
    .map((level) => ({ ...level, solution: "", hintsHtml: [] }));
  return <CodeSandbox levels={worlds} docs={codeApiDocsLoad()} />;
}
