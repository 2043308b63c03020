/**
 * A learner's code in a link (`?code=`, lz-string's URI-safe form, as lab links are: lib/scenario/url.ts)
 * and in the browser (localStorage, one key per level, so one level's code never leaks into another).
 */
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from "lz-string";

export const codeSearch = (source: string) => `?code=${compressToEncodedURIComponent(source)}`;

/** The code a link holds, or null when it holds none or it cannot be read. */
export function codeFromSearch(search: string): { source: string } | { problem: string } | null {
  const code = new URLSearchParams(search).get("code");
  if (code === null) return null;
  // A "+" in a query string reads as a space; lz-string's alphabet has "+".
  const source = decompressFromEncodedURIComponent(code.replace(/ /g, "+"));
  // Its length is the compiler's to refuse (codeCompile.ts), when the reader presses Run: importing it here would put acorn in every /code page's first load.
  if (!source) return { problem: "The code in this link could not be read (it may have been cut short)." };
  return { source };
}

const keyOf = (slug: string) => `lease-lab:code:${slug}`;

/** The code last kept for a level in this browser, or null. */
export function codeKept(storage: Pick<Storage, "getItem"> | null, slug: string): string | null {
  try {
    return storage?.getItem(keyOf(slug)) ?? null;
  } catch {
    return null;
  }
}

/** Keeps a level's code; false when the browser refused (storage full or blocked). */
export function codeKeep(
  storage: Pick<Storage, "setItem" | "removeItem"> | null,
  slug: string,
  source: string | null,
): boolean {
  try {
    if (source === null) storage?.removeItem(keyOf(slug));
    else storage?.setItem(keyOf(slug), source);
    return storage !== null;
  } catch {
    return false;
  }
}
