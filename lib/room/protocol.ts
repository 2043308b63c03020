/**
 * The prediction room's wire protocol, shared by the vote relay (scripts/room-relay.ts) and the
 * site (the presenter view and the phone page). Every message is one JSON object; the relay
 * accepts only the client messages below, validated here, and drops anything else.
 *
 * Nobody is named: a phone is known only by a random `device` id it makes itself, and a vote is
 * an option's index under that id. The presenter proves itself by the `secret` the relay issued
 * when the room opened; start, close, reveal and end without it are ignored.
 */
import { z } from "zod";

/** The largest message the relay accepts, in bytes of UTF-8. */
export const MAX_MESSAGE_BYTES = 1024;
/** Messages a connection may send per second, on average; bursts up to the same number. */
export const MAX_MESSAGES_PER_SECOND = 5;
/** Connections a room admits by default (the presenter's included); the relay can be given another. */
export const DEFAULT_MAX_CONNECTIONS_PER_ROOM = 1000;
/** The most options a question may offer (a deck offers at most 6). */
export const MAX_OPTIONS = 8;

/** Room codes: letters and digits that cannot be misread for one another (no 0/O, 1/I/L). */
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 5;
const code = z
  .string()
  .regex(new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`), "a room code is five letters or digits");
const secret = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
/** A phone's own random id: it says which device voted, never who. */
export const deviceId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** A question as the phones see it: the deck's `::predict` text and options, never its answer. */
export const roomQuestion = z.strictObject({
  /** Names the question across rounds (the presenter uses the deck and slide). */
  id: z.string().min(1).max(80),
  text: z.string().min(1).max(400),
  options: z.array(z.string().min(1).max(120)).min(2).max(MAX_OPTIONS),
});
export type RoomQuestion = z.infer<typeof roomQuestion>;

/** What a client may send the relay. */
export const clientMessage = z.discriminatedUnion("type", [
  /** The presenter opens a new room. */
  z.strictObject({ type: z.literal("open") }),
  /** The presenter's page, reloaded, takes its room back. */
  z.strictObject({ type: z.literal("resume"), code, secret }),
  /** A phone joins; a device that joined before gets its vote back. */
  z.strictObject({ type: z.literal("join"), code, device: deviceId }),
  /** A phone's vote in the open round; a second vote replaces the first until the round closes. */
  z.strictObject({
    type: z.literal("vote"),
    round: z.number().int().min(1).max(2),
    option: z
      .number()
      .int()
      .min(0)
      .max(MAX_OPTIONS - 1),
  }),
  /** Presenter: open a round of voting on a question (round 2 asks the same question again). */
  z.strictObject({ type: z.literal("start"), secret, question: roomQuestion, round: z.number().int().min(1).max(2) }),
  /** Presenter: no more votes in this round. */
  z.strictObject({ type: z.literal("close"), secret }),
  /** Presenter: show the phones what the room answered, and the run's answer. */
  z.strictObject({
    type: z.literal("reveal"),
    secret,
    answer: z
      .number()
      .int()
      .min(0)
      .max(MAX_OPTIONS - 1),
  }),
  /** Presenter: close the room; the relay forgets it. */
  z.strictObject({ type: z.literal("end"), secret }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

export type PollStatus = "open" | "closed" | "revealed";

/** The current round as the presenter sees it: the live tally. */
export interface PresenterPoll {
  questionId: string;
  round: 1 | 2;
  status: PollStatus;
  /** Votes per option. */
  counts: number[];
}

/** The current round as a phone sees it: the counts only once revealed. */
export interface PhonePoll {
  question: RoomQuestion;
  round: 1 | 2;
  status: PollStatus;
  /** What the room answered; null until the reveal. */
  counts: number[] | null;
  /** The run's answer; null until the reveal. */
  answer: number | null;
}

export type RelayMessage =
  /** To the presenter: its room, and the secret that proves it is the presenter. */
  | { type: "opened"; code: string; secret: string }
  /** To the presenter: how many phones are connected, and the round's tally. */
  | { type: "room"; joined: number; poll: PresenterPoll | null }
  /** To a phone: the round as it may see it, and this device's vote in it. */
  | { type: "phone"; code: string; poll: PhonePoll | null; vote: number | null }
  /** To the phones: the presenter closed the room. */
  | { type: "ended" }
  /** A request that could not be met, in words for the page to show. */
  | { type: "error"; reason: RelayErrorReason; message: string };

/** Why the relay refused a request; "slow-down" is a limit on one network's joins or code guesses. */
export const RELAY_ERROR_REASONS = ["no-such-room", "room-full", "too-many-rooms", "slow-down"] as const;
export type RelayErrorReason = (typeof RELAY_ERROR_REASONS)[number];

/** Validates what the site receives from a relay: a relay is a setting, so its messages are input too. */
const presenterPoll = z.object({
  questionId: z.string(),
  round: z.union([z.literal(1), z.literal(2)]),
  status: z.enum(["open", "closed", "revealed"]),
  counts: z.array(z.number().int().min(0)),
});
const phonePoll = z.object({
  question: roomQuestion,
  round: z.union([z.literal(1), z.literal(2)]),
  status: z.enum(["open", "closed", "revealed"]),
  counts: z.array(z.number().int().min(0)).nullable(),
  answer: z.number().int().min(0).nullable(),
});
export const relayMessage: z.ZodType<RelayMessage> = z.discriminatedUnion("type", [
  z.object({ type: z.literal("opened"), code: z.string(), secret: z.string() }),
  z.object({ type: z.literal("room"), joined: z.number().int().min(0), poll: presenterPoll.nullable() }),
  z.object({
    type: z.literal("phone"),
    code: z.string(),
    poll: phonePoll.nullable(),
    vote: z.number().int().min(0).nullable(),
  }),
  z.object({ type: z.literal("ended") }),
  z.object({ type: z.literal("error"), reason: z.enum(RELAY_ERROR_REASONS), message: z.string() }),
]);

/** Parses one message from a relay; null for anything that is not one. */
export function readRelayMessage(data: unknown): RelayMessage | null {
  if (typeof data !== "string") return null;
  try {
    const parsed = relayMessage.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
