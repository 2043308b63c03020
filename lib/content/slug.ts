/**
 * A URL- and key-safe slug: lower case ASCII letters, digits and single hyphens. Accents are
 * folded ("é" → "e") and everything else separates words, so a heading keeps the same slug as long
 * as its words do.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The slug a content file is known by: its name without ".md". */
export function fileSlug(file: string): string {
  return file.replace(/^.*\//, "").replace(/\.md$/, "");
}
