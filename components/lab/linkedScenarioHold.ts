/**
 * The lab's HTML holds its default run, drawn at build time, but a link (`?preset=`, `z=`, `t=`,
 * `predict=1`…) opens another scenario or moment, which only the live lab can show. Until it is in,
 * the drawn run would show the default scenario's verdict under the linked one's name: a learner
 * who clicked "the fenced run" would read "Unsafe". So this inline script, which runs before the
 * first paint, marks the page when it was opened on a link, and the lab's stylesheet then hides the
 * drawn run behind "Opening the linked scenario…" (app/lab/lab.css). The live lab removes the mark
 * once it has taken the drawn one's place. Any query string counts, as it does for LabApp, which
 * hydrates the drawn lab in place only when there is none. A challenge level's page does the same
 * for a shared solution (`?solution=`), the one parameter that makes it open something else than
 * the level it drew.
 */
export const LINKED_SCENARIO_ATTRIBUTE = "data-lab-opening";

const mark = `document.documentElement.setAttribute(${JSON.stringify(LINKED_SCENARIO_ATTRIBUTE)}, "")`;

/** The lab's: any query string opens another scenario or moment. */
export const linkedScenarioHoldScript = `if (new URLSearchParams(location.search).toString() !== "") ${mark};`;

/** A level's: only a shared solution replaces the drawn level. */
export const linkedSolutionHoldScript = `if (new URLSearchParams(location.search).has("solution")) ${mark};`;

/** Called once the live lab is on the page: the drawn run it hid is gone. */
export function linkedScenarioHoldEnd(): void {
  document.documentElement.removeAttribute(LINKED_SCENARIO_ATTRIBUTE);
}
