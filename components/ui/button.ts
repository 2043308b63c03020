/** Class names for buttons and button-like links, so every action on the site looks and focuses alike. */
const base =
  "inline-flex items-center justify-center gap-2 rounded-md px-4 py-2.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60";

export const primaryButton = `${base} bg-ink text-page hover:opacity-90`;
export const secondaryButton = `${base} border border-line bg-page text-ink hover:bg-surface`;
