/**
 * The first stop for keyboard users: jumps past the header to the page's main content. It waits
 * above the viewport (still in the accessibility tree) and slides into view when focused.
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="fixed top-3 left-3 z-50 -translate-y-24 rounded-md border border-line bg-page px-4 py-2 font-semibold text-link underline shadow-lg focus:translate-y-0"
    >
      Skip to content
    </a>
  );
}
