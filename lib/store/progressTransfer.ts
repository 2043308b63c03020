/**
 * "Export progress" and "Import progress": a JSON file that says what it is, which version of the
 * progress shape it holds, and when it was made. An import is checked completely before anything
 * changes; a bad file is refused with the reason.
 */
import { z } from "zod";
import { progressMigrate } from "./progressMigrate";
import { PROGRESS_VERSION, ProgressError, type Progress } from "./progressSchema";

/** What an export file says it is; a save pasted in its place is told apart by it. */
export const PROGRESS_EXPORT_FORMAT = "lease-lab-progress";

/** Larger than any real progress file, small enough to read at once. */
export const IMPORT_MAX_BYTES = 2_000_000;

const envelopeSchema = z.object({
  format: z.literal(PROGRESS_EXPORT_FORMAT),
  version: z.number().int().positive(),
  exportedAt: z.string(),
  progress: z.unknown(),
});

export function progressExport(progress: Progress, now: Date): string {
  return JSON.stringify(
    { format: PROGRESS_EXPORT_FORMAT, version: PROGRESS_VERSION, exportedAt: now.toISOString(), progress },
    null,
    2,
  );
}

/** The file name an export is saved under, by the learner's local date. */
export function progressExportFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `lease-lab-progress-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

export type ImportResult = { ok: true; progress: Progress; exportedAt: string } | { ok: false; reason: string };

/** Reads an exported file's text; on failure, says why in a sentence that starts "This file…" or "The file…". */
export function progressImportParse(text: string): ImportResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: "This file is not JSON, so it cannot be a Lease Lab progress export." };
  }
  const envelope = envelopeSchema.safeParse(data);
  if (!envelope.success) {
    const isOurs =
      typeof data === "object" && data !== null && (data as { format?: unknown }).format === PROGRESS_EXPORT_FORMAT;
    return {
      ok: false,
      reason: isOurs
        ? "This progress file is incomplete: it needs a version, an export date and the progress itself."
        : "This is not a Lease Lab progress file (it was not made with “Export progress”).",
    };
  }
  try {
    return {
      ok: true,
      progress: progressMigrate(envelope.data.progress, envelope.data.version),
      exportedAt: envelope.data.exportedAt,
    };
  } catch (error) {
    if (!(error instanceof ProgressError)) throw error;
    return { ok: false, reason: `This progress file cannot be used: ${error.message}.` };
  }
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What a learner's progress holds, in words, for an import's confirmation to say what replacing
 * it loses: "2 quiz sets, 1 lesson understood and 3 review cards"; "nothing" when it is empty.
 */
export function progressHoldings(progress: Progress): string {
  const cards =
    Object.keys(progress.questions).length +
    Object.values(progress.predictions).filter((p) => p.card).length +
    Object.values(progress.drills).filter((d) => d.card).length;
  const parts = [
    counted(
      Object.values(progress.quizzes).filter((set) => set.best || Object.keys(set.answers).length > 0).length,
      "quiz set",
      "quiz sets",
    ),
    counted(Object.keys(progress.lessons).length, "lesson understood", "lessons understood"),
    counted(Object.keys(progress.challenges).length, "challenge won", "challenges won"),
    counted(Object.keys(progress.code).length, "code level passed", "code levels passed"),
    counted(cards, "review card", "review cards"),
    counted(Object.keys(progress.predictions).length, "prediction answered", "predictions answered"),
  ].filter((part) => !part.startsWith("0 "));
  if (parts.length === 0) return "nothing";
  const [only] = parts;
  return only !== undefined && parts.length === 1 ? only : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}
