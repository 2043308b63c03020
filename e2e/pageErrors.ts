import type { Page } from "@playwright/test";

/**
 * Collects every uncaught error and console error on the page, hydration mismatches included; a
 * test asserts the list is empty to fail on any of them.
 */
export function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}
