import type { ElementType } from "react";

/** Typography for HTML rendered from course markdown at build time (paragraphs, lists, code, emphasis). */
const prose =
  "[&_p]:mt-3 [&_p:first-child]:mt-0 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-5 [&_li]:mt-1.5 " +
  "[&_strong]:font-semibold [&_a]:text-link [&_a]:underline [&_pre]:mt-3 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-surface [&_pre]:p-3 " +
  "[&_table]:mt-3 [&_th]:border [&_th]:border-line [&_th]:px-2 [&_td]:border [&_td]:border-line [&_td]:px-2";
const code = "[&_code]:rounded [&_code]:bg-surface [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em]";

/**
 * HTML that lib/content rendered from our own markdown at build time. The content is trusted (it
 * is in the repository and validated), so it is inserted as is; nothing is parsed in the browser.
 */
export function ContentHtml({ html, inline = false, className = "", as }: { html: string; inline?: boolean; className?: string; as?: ElementType }) {
  const Tag = as ?? (inline ? "span" : "div");
  return <Tag className={`${inline ? "" : prose} ${code} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
