// Types for chromium.mjs, which stays plain JavaScript so the .mjs scripts import it without a build step.
export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: string[];
