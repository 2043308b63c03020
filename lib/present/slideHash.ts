/** Deep links to a slide: `#3` is the third slide, as the room counts. */

/** The 0-based slide a location hash points to, or null when it names no slide of this deck. */
export function slideFromHash(hash: string, slideCount: number): number | null {
  const match = /^#(\d+)$/.exec(hash.trim());
  if (!match) return null;
  const number = Number(match[1]);
  return number >= 1 && number <= slideCount ? number - 1 : null;
}

export function hashOfSlide(slide: number): string {
  return `#${slide + 1}`;
}
