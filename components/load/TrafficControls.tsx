"use client";

import {
  routingHint,
  routingOf,
  routingOptions,
  trafficSliders,
  withRouting,
  type Routing,
} from "@/lib/scenario/trafficSliders";
import { selectEdit, selectResolved } from "@/components/lab/selectors";
import { useScenario } from "@/components/lab/stores";
import { SelectControl } from "@/components/controls/SelectControl";
import { SliderControl } from "@/components/controls/SliderControl";

/** The stream workload's controls: its rate, keys, hot key and routing. */
export function TrafficControls() {
  const resolved = useScenario(selectResolved);
  const edit = useScenario(selectEdit);
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 text-xs font-semibold tracking-wide text-ink-muted uppercase">Traffic</legend>
      {trafficSliders.map((spec) => (
        <SliderControl key={spec.id} spec={spec} />
      ))}
      <SelectControl
        label="Routing"
        value={routingOf(resolved)}
        options={routingOptions}
        hint={routingHint(resolved)}
        onChange={(routing) => edit((s) => withRouting(s, routing as Routing))}
      />
    </fieldset>
  );
}
