/**
 * A short, stable fingerprint of some text (32-bit FNV-1a, base 36): enough to tell that a
 * prediction's question or options changed since the learner answered it, the same in the build
 * and in the browser. Not for security.
 */
export function fingerprint(...parts: readonly string[]): string {
  let hash = 0x811c9dc5;
  // The separator keeps ["ab", "c"] and ["a", "bc"] apart.
  for (const char of parts.join("\u0000")) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
