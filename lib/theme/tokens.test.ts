import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CLIENT_COLOR_COUNT, clientColor, roleColor } from "./tokens";

const css = readFileSync(new URL("../../app/globals.css", import.meta.url), "utf8");

function definedInCss(reference: string): boolean {
  const name = /^var\((--[\w-]+)\)$/.exec(reference)?.[1];
  return name !== undefined && new RegExp(`^\\s*${name}:`, "m").test(css);
}

describe("colour tokens", () => {
  it("give clients c1..c8 distinct colours, then cycle", () => {
    const first = Array.from({ length: CLIENT_COLOR_COUNT }, (_, i) => clientColor(i + 1));
    expect(new Set(first).size).toBe(CLIENT_COLOR_COUNT);
    expect(clientColor(CLIENT_COLOR_COUNT + 1)).toBe(clientColor(1));
    expect(clientColor(64)).toBe(clientColor(8));
  });

  it("name only variables that globals.css defines", () => {
    const clients = Array.from({ length: CLIENT_COLOR_COUNT }, (_, i) => clientColor(i + 1));
    const names = [...Object.values(roleColor), ...clients];
    for (const name of names) expect(definedInCss(name), name).toBe(true);
  });
});
