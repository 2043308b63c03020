"use client";

import dynamic from "next/dynamic";

/**
 * The decision guide's flowchart is drawn with React Flow, the heaviest library a lesson would
 * load, and it sits below the guide's questions: so it comes in its own chunk once the page has
 * painted, in a box of the chart's own height (the questions above it work without it).
 */
export const LazyGuideFlowchart = dynamic(() => import("./GuideFlowchart").then((m) => m.GuideFlowchart), {
  ssr: false,
  loading: () => <div className="h-[420px] w-full sm:h-[600px]" />,
});
