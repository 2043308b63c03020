import { PROGRESS_VERSION, ProgressError, progressParse, type Progress } from "./progressSchema";

/**
 * Steps that turn progress saved at version n into version n + 1, keyed by n. When the shape
 * changes, bump PROGRESS_VERSION and add the step here, so progress saved by an earlier visit (or
 * an older export) still loads.
 */
const steps: Record<number, (state: unknown) => unknown> = {
  // Version 2 keeps the lessons marked as understood; nobody had marked any before.
  1: (state) => (typeof state === "object" && state !== null ? { ...state, lessons: {} } : state),
  // Version 3 can remember a lesson as the last visit, so every version 2 save is already valid. The
  // bump is for an older copy of the app (a tab left open, an older deployment): it refuses such a
  // save as one from a newer version, not as damaged progress.
  2: (state) => state,
  // Version 4 keeps challenge levels won; nobody had won any before.
  3: (state) => (typeof state === "object" && state !== null ? { ...state, challenges: {} } : state),
  // Version 5 keeps lesson predictions answered; none were kept before.
  4: (state) => (typeof state === "object" && state !== null ? { ...state, predictions: {} } : state),
  // Version 6 keeps code levels passed; there were none before.
  5: (state) => (typeof state === "object" && state !== null ? { ...state, code: {} } : state),
};

/**
 * Brings progress saved at `version` up to PROGRESS_VERSION and validates it. Throws a
 * ProgressError for a version this app cannot read (newer than it, or not a version at all).
 */
export function progressMigrate(state: unknown, version: number): Progress {
  if (!Number.isInteger(version) || version < 1) throw new ProgressError(`unknown progress version ${String(version)}`);
  if (version > PROGRESS_VERSION) {
    throw new ProgressError(
      `it was saved by a newer version of Lease Lab (progress version ${version}; this one reads up to ${PROGRESS_VERSION})`,
    );
  }
  let migrated = state;
  for (let from = version; from < PROGRESS_VERSION; from++) {
    const step = steps[from];
    if (!step) throw new ProgressError(`progress version ${from} has no step to the next version`);
    migrated = step(migrated);
  }
  return progressParse(migrated);
}
