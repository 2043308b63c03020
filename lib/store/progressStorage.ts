/**
 * Where progress lives in the browser, and what happens when what is there cannot be read: the
 * damaged value is moved aside under another key (never deleted), so the app can start fresh
 * while the learner's data is still there to recover.
 */
import { createJSONStorage, type PersistStorage } from "zustand/middleware";
import { ProgressError, type Progress } from "./progressSchema";

export const PROGRESS_KEY = "lease-lab:progress";

/** The key a damaged copy is kept under: the progress key, "damaged" and the time it was found. */
export function damagedKey(now: Date): string {
  return `${PROGRESS_KEY}:damaged:${now.toISOString()}`;
}

/** localStorage as zustand's persist wants it, or undefined where the browser refuses storage. */
export function progressStorage(): PersistStorage<Progress> | undefined {
  const json = createJSONStorage<Progress>(() => localStorage);
  if (!json) return undefined;
  return {
    ...json,
    setItem: (name, value) => {
      try {
        return json.setItem(name, value);
      } catch {
        // Storage is full or blocked: progress still works in memory for this visit.
      }
    },
  };
}

/** Why saved progress could not be read, in words for the learner. */
export function progressErrorReason(error: unknown): string {
  if (error instanceof SyntaxError) return "it is not valid JSON";
  if (error instanceof ProgressError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Moves the value under PROGRESS_KEY aside to a "damaged" key and removes the original, so the
 * next save cannot overwrite it. Returns the key it was kept under, or null if it could not be kept.
 */
export function progressQuarantine(storage: Storage, now: Date): string | null {
  const raw = storage.getItem(PROGRESS_KEY);
  if (raw === null) return null;
  const key = damagedKey(now);
  try {
    storage.setItem(key, raw);
  } catch {
    // No room to keep a copy: leave the original where it is rather than lose it.
    return null;
  }
  storage.removeItem(PROGRESS_KEY);
  return key;
}
