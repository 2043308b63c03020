/**
 * The room a presenter's tab keeps in sessionStorage, so a reload resumes it on the relay. What is
 * read back is checked against this shape: a damaged or hand-edited value is dropped and the
 * presenter told, rather than crashing the presenter view on every load.
 */
import { z } from "zod";
import type { Session } from "./session";

const count = z.number().int().nonnegative();
const tally = z.array(count);

const sessionSchema = z.object({
  deck: z.string(),
  room: z.string(),
  questions: z.array(
    z.object({
      id: z.string(),
      slide: z.number().int().positive(),
      question: z.string(),
      options: z.array(z.string()),
      answer: count,
      rounds: z.object({ 1: tally.optional(), 2: tally.optional() }),
    }),
  ),
}) satisfies z.ZodType<Session>;

const presenterStoredSchema = z.object({
  relay: z.string(),
  code: z.string().nullable(),
  secret: z.string().nullable(),
  session: sessionSchema,
  showJoin: z.boolean(),
  /** Questions whose round 1 the presenter has shown to the room. */
  shownRound1: z.array(z.string()),
});

/** The room as this presenter's tab keeps it. */
export type PresenterStored = z.infer<typeof presenterStoredSchema>;

export const presenterStorageKey = (slug: string) => `lease-lab:room:presenter:${slug}`;

/** What the presenter is told when the kept room was unreadable and set aside. */
export const DROPPED_ROOM_NOTICE =
  "This tab's saved room could not be read, so it was dropped: open a room again (phones rejoin with the new code).";

/**
 * Reads what sessionStorage held for the room: nothing kept, a room to resume, or a value that is
 * not one (not JSON, or not this shape), which the caller drops.
 */
export function presenterStoredRead(raw: string | null): { stored: PresenterStored | null } | { damaged: true } {
  if (raw === null) return { stored: null };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { damaged: true };
  }
  const parsed = presenterStoredSchema.safeParse(value);
  return parsed.success ? { stored: parsed.data } : { damaged: true };
}
