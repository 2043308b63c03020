// Types for chromium.mjs, which stays plain JavaScript so the .mjs scripts import it without a build step.
export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: string[];
export const PLAYWRIGHT_DISABLED_FEATURES: string[];
export const PLAYWRIGHT_CHROMIUM_ARGS: string[];
