/**
 * The engine tests' own scenarios, by name (the data is testScenarios.json). They began as copies
 * of the course's presets (content/presets) and belong to the tests now: a preset can be reworded
 * or retuned for a lesson without changing what an engine test checks.
 */
import type { Scenario } from "./scenario";
import data from "./testScenarios.json" with { type: "json" };

// JSON widens literals (`version: number`); the scenarios are validated when a test runs them.
export const testScenarios = data as unknown as Record<string, Scenario>;
