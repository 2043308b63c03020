/**
 * Names of the colour tokens defined in app/globals.css, for SVG and d3 code that sets colours
 * through style or attributes. The values live only in the CSS, so both themes and the palette
 * stay defined in one place; these are var() references to them.
 */

/** How many distinct client colours there are before they repeat. */
export const CLIENT_COLOR_COUNT = 8;

/** The colour of client number `n` (1 for c1), cycling after c8. */
export function clientColor(n: number): string {
  const slot = ((((n - 1) % CLIENT_COLOR_COUNT) + CLIENT_COLOR_COUNT) % CLIENT_COLOR_COUNT) + 1;
  return `var(--color-client-${slot})`;
}

/** Fixed roles in every drawing of a run (ARCHITECTURE.md §5), and the page colours drawings sit on. */
export const roleColor = {
  lockService: "var(--color-lock-service)",
  storage: "var(--color-storage)",
  danger: "var(--color-danger)",
  dangerInk: "var(--color-danger-ink)",
  safe: "var(--color-safe)",
  safeInk: "var(--color-safe-ink)",
  pause: "var(--color-pause)",
  ink: "var(--color-ink)",
  inkMuted: "var(--color-ink-muted)",
  page: "var(--color-page)",
  surface: "var(--color-surface)",
  line: "var(--color-line)",
} as const;
