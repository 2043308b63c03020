/**
 * Where progress lives in the browser, and what happens when what is there cannot be read: the
 * damaged value is moved aside under another key (never deleted), so the app can start fresh
 * while the learner's data is still there to recover.
 */
import { createJSONStorage, type PersistStorage, type StorageValue } from "zustand/middleware";
import { ProgressError, type Progress } from "./progressSchema";
import { PROGRESS_EXPORT_FORMAT } from "./progressTransfer";

export const PROGRESS_KEY = "lease-lab:progress";

/** The key a damaged copy is kept under: the progress key, "damaged" and the time it was found. */
export function damagedKey(now: Date): string {
  return `${PROGRESS_KEY}:damaged:${now.toISOString()}`;
}

/** What a JSON value is, in words: "the number 42", "a list". */
function describe(value: unknown): string {
  if (Array.isArray(value)) return "a list";
  if (value === null) return "null";
  if (typeof value === "string") return "a piece of text";
  if (typeof value === "object") return "an object";
  return `the ${typeof value} ${JSON.stringify(value)}`;
}

/**
 * What persist reads must be a save, `{ state: {…}, version: n }`. Anything else that is valid
 * JSON (a number, a list, `{"version":3}`, an export file pasted into the key) would otherwise be
 * taken for "nothing saved" and overwritten by the next save; as a ProgressError it is moved
 * aside like any other damage.
 */
export function checkSave<T = Progress>(record: unknown): StorageValue<T> {
  if (typeof record !== "object" || record === null || Array.isArray(record)) {
    throw new ProgressError(`it holds ${describe(record)}, not saved progress`);
  }
  const { state, version, format } = record as { state?: unknown; version?: unknown; format?: unknown };
  if (format === PROGRESS_EXPORT_FORMAT)
    throw new ProgressError("it holds a progress export file, not a save (use “Import progress” to load an export)");
  if (typeof version !== "number") throw new ProgressError("it has no progress version, so it is not a save");
  if (typeof state !== "object" || state === null || Array.isArray(state))
    throw new ProgressError("it has a version but no progress in it");
  return record as StorageValue<T>;
}

/** A saved record read from storage: null if there is none; throws if it is not JSON or not a save. */
export function readSave<T>(storage: Storage, name: string): StorageValue<T> | null {
  const raw = storage.getItem(name);
  return raw === null ? null : checkSave<T>(JSON.parse(raw));
}

/**
 * localStorage as zustand's persist wants it, or undefined where the browser refuses storage.
 * `saved` hears how each save went: null once it is stored, or why it was not (a full storage).
 */
export function progressStorage(
  saved: (failure: string | null) => void = () => {},
): PersistStorage<Progress> | undefined {
  const json = createJSONStorage<Progress>(() => localStorage);
  if (!json) return undefined;
  return {
    ...json,
    // A damaged save throws here (not JSON, or not a save), and persist reports it as an error.
    getItem: (name) => readSave<Progress>(localStorage, name),
    setItem: (name, value) => {
      try {
        json.setItem(name, value);
      } catch (error) {
        // Progress still works in memory for this visit; the learner is told it is not kept.
        return saved(saveFailureReason(error));
      }
      saved(null);
    },
  };
}

/** Why a save was refused, in words for the learner. */
export function saveFailureReason(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  return name === "QuotaExceededError"
    ? "this browser's storage for Lease Lab is full"
    : "this browser refused to store it";
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
