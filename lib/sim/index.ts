/** The simulation engine's public surface. */
export { simulate, simulateResolved, ScenarioError, type SimResult, type SimulateOptions } from "./simulate";
export { validateScenario, scenarioSchema, LIMITS, type Scenario, type ResolvedScenario } from "./scenario";
export type { Summary, Violation, ViolationKind } from "./checker";
export type { SimEvent, EventKind, EventOf } from "./events";
export type { Span } from "./spans";
export type * from "./facts";
export { processClock, processOrder } from "./processes";
