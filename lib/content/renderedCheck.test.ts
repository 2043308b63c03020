import { describe, expect, it } from "vitest";
import { literalDirectives } from "./renderedCheck";

describe("a rendered page holding a literal directive", () => {
  it("is found in the page's text", () => {
    expect(literalDirectives('<main><p>::sim{preset="gc-pause"</p><p>c1 at :run {preset="x"}</p></main>')).toEqual(['::sim{preset="gc-pause"', ':run {preset="x"}']);
  });

  it("is not found in code, scripts or ordinary colons", () => {
    expect(literalDirectives('<p>Write <code>::sim{preset="…"}</code> on its own line.</p><script>a={b:{c:1}}</script><p>A 3:1 ratio at 10:30 [see] https://x.org/{y}</p>')).toEqual([]);
  });
});
