/**
 * The last guard against a directive reaching a page as text: after `next build`, every exported
 * page's visible text is searched for something shaped like `::sim{`, `:run{` or `:::name`. The
 * content check should have caught it in the source; this catches what slipped past it (a new
 * content type, a component that prints raw markdown).
 */

/** Anything shaped like one of our directives: colons, a name, then "{" or "[". */
const LITERAL_DIRECTIVE = /(?:^|[^\w:\\/])(:{1,3}[a-z][\w-]*\s?[{[][^\n]{0,40})/i;

/** A page's visible text: no scripts, styles, code or tags (code may show a directive on purpose). */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style|code|pre)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** The literal directives in a page's visible text, as the reader would see them. */
export function literalDirectives(html: string): string[] {
  const found: string[] = [];
  for (const line of visibleText(html).split(/\s{2,}|\n/)) {
    const match = LITERAL_DIRECTIVE.exec(line);
    if (match) found.push(match[1]!.trim());
  }
  return found;
}
