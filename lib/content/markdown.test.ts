import { describe, expect, it } from "vitest";
import { markdownParse, markdownToHtml, unclosedFence } from "./markdown";

describe("course markdown rendered to HTML", () => {
  it("lets a code block take focus, so a keyboard can scroll one wider than its column", () => {
    const html = markdownToHtml(markdownParse("Text.\n\n```sql\nUPDATE counter SET value = 2, token = 7 WHERE token < 7;\n```\n").children);
    expect(html).toContain('<pre tabindex="0"><code class="language-sql">');
    expect(html).toContain("<p>Text.</p>");
  });
});

describe("a code block that is never closed", () => {
  it("is found at its opening line, with backticks or tildes", () => {
    expect(unclosedFence("Text.\n\n```js\ncode\n")).toBe(3);
    expect(unclosedFence("~~~\ncode\n```\n")).toBe(1);
  });

  it("is not found when a fence of the same kind, at least as long, closes it", () => {
    expect(unclosedFence("```js\ncode\n```\n\n````md\n```\ninner\n```\n````\n")).toBeNull();
    expect(unclosedFence("``` a line with `code` in it is not a fence\n")).toBeNull();
  });
});
