import { describe, expect, it } from "vitest";
import { markdownParse, markdownToHtml } from "./markdown";

describe("course markdown rendered to HTML", () => {
  it("lets a code block take focus, so a keyboard can scroll one wider than its column", () => {
    const html = markdownToHtml(markdownParse("Text.\n\n```sql\nUPDATE counter SET value = 2, token = 7 WHERE token < 7;\n```\n").children);
    expect(html).toContain('<pre tabindex="0"><code class="language-sql">');
    expect(html).toContain("<p>Text.</p>");
  });
});
