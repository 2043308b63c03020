export const THEME_STORAGE_KEY = "lease-lab:theme";

export type Theme = "light" | "dark";

/**
 * Inline script for <head>: it runs before the first paint, so a remembered theme applies without
 * a flash of the other one. With nothing remembered, html[data-theme] mirrors the system setting
 * and keeps mirroring it when the setting changes. Storage can be blocked (private modes), so
 * every access is guarded and the system setting is the fallback.
 */
export const themeScript = `(() => {
  const root = document.documentElement;
  const system = matchMedia("(prefers-color-scheme: dark)");
  const remembered = () => {
    try {
      const value = localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});
      return value === "light" || value === "dark" ? value : null;
    } catch {
      return null;
    }
  };
  const apply = () => {
    root.dataset.theme = remembered() ?? (system.matches ? "dark" : "light");
  };
  apply();
  system.addEventListener("change", apply);
})();`;
