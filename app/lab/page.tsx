import type { Metadata } from "next";
import { LabApp } from "@/components/lab/LabApp";
import { linkedScenarioHoldScript } from "@/components/lab/linkedScenarioHold";
// The topology's styles are among the page's first stylesheets, though its canvas loads later: a
// stylesheet added while the lab is on show restyles and lays out the whole page again (65 ms of
// style and layout with the CPU slowed 4×, as Lighthouse's phone).
import "@xyflow/react/dist/style.css";
import "@/components/topology/topology.css";
import "./lab.css";

export const metadata: Metadata = {
  title: "The lab",
  description:
    "Move a slider, predict, and watch a deterministic simulation of distributed locks, leases and fencing tokens play out.",
};

export default function LabPage() {
  return (
    <>
      {/* Before the drawn lab in the HTML, so it runs before that lab first paints. */}
      <script dangerouslySetInnerHTML={{ __html: linkedScenarioHoldScript }} />
      <LabApp />
    </>
  );
}
