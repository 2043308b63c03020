import type { Metadata } from "next";
import { ChallengesApp } from "@/components/challenges/ChallengesApp";
import { challengeLoad } from "@/lib/content/challengeLoad";
// As in the lab (app/lab/page.tsx): the topology's styles come with the page, not with its canvas.
import "@xyflow/react/dist/style.css";
import "@/components/topology/topology.css";
import "../lab/lab.css";

export const metadata: Metadata = {
  title: "Challenges",
  description:
    "Break a distributed lock with as few faults as you can, or defend one against every fault schedule of a small world.",
};

export default function ChallengesPage() {
  return <ChallengesApp levels={challengeLoad()} />;
}
