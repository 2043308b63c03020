"use client";

import { bottleneckOfResult } from "@/lib/readers/derived";
import type { SimResult } from "@/lib/sim/simulate";

/**
 * For a stream run: what limits its throughput, in a sentence (see lib/readers/bottleneck.ts), derived
 * once per run — where the run was made, for a large run whose event log stays in the worker.
 */
export function BottleneckNote({ result }: { result: SimResult }) {
  const bottleneck = bottleneckOfResult(result);
  if (!bottleneck) return null;
  return (
    <div
      className={`mt-4 rounded-lg border-l-4 bg-surface p-3 ${bottleneck.limit === "none" ? "border-safe" : "border-lock-service"}`}
    >
      <h3 className="text-sm font-semibold">
        {bottleneck.limit === "none" ? "Nothing limits throughput yet" : "What limits throughput"}
      </h3>
      <p className="mt-1 text-sm">{bottleneck.sentence}</p>
    </div>
  );
}
