"use client";

import { useCallback, useEffect, useId, useState } from "react";
import { relayUrl } from "@/lib/room/address";
import { CODE_ALPHABET, CODE_LENGTH, type ClientMessage, type PhonePoll, type RelayMessage } from "@/lib/room/protocol";
import { primaryButton } from "@/components/ui/button";
import { useRelaySocket } from "./useRelaySocket";

const LETTERS = "ABCDEFGH";
const DEVICE_KEY = "lease-lab:room:device";

/** This phone's random id, made once and kept: it lets the relay give a rejoining phone its vote back, and says nothing of who holds it. */
function deviceId(): string {
  const kept = window.localStorage.getItem(DEVICE_KEY);
  if (kept && /^[A-Za-z0-9_-]{16,64}$/.test(kept)) return kept;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const made = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  window.localStorage.setItem(DEVICE_KEY, made);
  return made;
}

const normalCode = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, "");
const validCode = (code: string) => code.length === CODE_LENGTH && [...code].every((c) => CODE_ALPHABET.includes(c));

interface Joining {
  code: string;
  relay: string;
  device: string;
}

/**
 * The phone's view of a room: join by the QR code's link (`?code=…`, and `&relay=…` for a relay
 * elsewhere) or by typing the code; then the question, one vote per round (changeable until the
 * presenter closes it), a confirmation, and what the room answered once revealed.
 */
export function PhoneRoom() {
  const [joining, setJoining] = useState<Joining | null>(null);
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [phone, setPhone] = useState<Extract<RelayMessage, { type: "phone" }> | null>(null);
  const [ended, setEnded] = useState(false);
  const [sending, setSending] = useState<number | null>(null);
  const codeId = useId();

  const join = useCallback((code: string, relaySetting: string) => {
    const resolved = relayUrl(relaySetting, window.location.href);
    // The relay comes from the link: its text is not repeated, as a link can carry any words.
    if ("problem" in resolved)
      return setProblem("This link's relay address is not valid: ask the presenter for the room's link.");
    setProblem(null);
    setEnded(false);
    setPhone(null);
    setJoining({ code, relay: resolved.url, device: deviceId() });
    const url = new URL(window.location.href);
    url.searchParams.set("code", code);
    window.history.replaceState(window.history.state, "", url);
  }, []);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const code = normalCode(params.get("code") ?? "");
    // The link's room is read once, in the browser: the static page has no query.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (validCode(code)) join(code, params.get("relay") ?? "/relay");
    // The link's text is not shown: a link can carry any words, and the page would seem to say them.
    else if (params.get("code"))
      setProblem(`This link's room code is not valid: type the code on the screen, ${CODE_LENGTH} letters or digits.`);
  }, [join]);

  const greeting = useCallback(
    (): ClientMessage | null => (joining ? { type: "join", code: joining.code, device: joining.device } : null),
    [joining],
  );
  const onMessage = useCallback((message: RelayMessage) => {
    if (message.type === "phone") {
      setPhone(message);
      setSending(null);
    } else if (message.type === "ended") {
      setEnded(true);
      setJoining(null);
    } else if (message.type === "error") {
      setProblem(message.message);
      setJoining(null);
    }
  }, []);
  const { status, send } = useRelaySocket(joining?.relay ?? null, greeting, onMessage);

  const vote = (option: number) => {
    const poll = phone?.poll;
    if (!poll || poll.status !== "open") return;
    setSending(option);
    if (!send({ type: "vote", round: poll.round, option })) setSending(null);
  };

  if (!joining) {
    return (
      <div className="space-y-6">
        <h1 className="text-3xl font-bold tracking-tight">Join a room</h1>
        {ended && (
          <p role="status" className="rounded-lg border border-line bg-surface p-4 text-lg">
            The presenter closed the room. Thank you for voting.
          </p>
        )}
        <p className="text-lg text-ink-muted">
          Type the room code on the screen to vote on what the simulation does next. No account, no name: your vote is
          counted, never who cast it.
        </p>
        <form
          className="space-y-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const code = normalCode(typed);
            if (!validCode(code))
              setProblem(
                `A room code is ${CODE_LENGTH} letters or digits, as on the screen${typed.trim() ? `; "${typed.trim()}" is not one` : ""}.`,
              );
            else join(code, new URLSearchParams(window.location.search).get("relay") ?? "/relay");
          }}
        >
          <label htmlFor={codeId} className="block text-lg font-semibold">
            Room code
          </label>
          <input
            id={codeId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={12}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${codeId}-problem` : undefined}
            className="block w-full rounded-lg border-2 border-line bg-page px-4 py-3 font-mono text-2xl tracking-[0.3em] uppercase"
          />
          {problem && (
            <p id={`${codeId}-problem`} role="alert" className="text-danger-ink">
              {problem}
            </p>
          )}
          <button type="submit" className={`${primaryButton} min-h-12 w-full text-lg`}>
            Join
          </button>
        </form>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight">
          Room <span className="font-mono tracking-widest">{joining.code}</span>
        </h1>
        <p role="status" className="text-ink-muted">
          {status === "open"
            ? phone
              ? "Connected"
              : "Joining…"
            : status === "retrying"
              ? "Connection lost: reconnecting…"
              : "Connecting…"}
        </p>
      </div>
      {!phone?.poll ? (
        <p className="rounded-lg border border-line bg-surface p-4 text-lg">
          {phone ? "You are in. The question appears here when the presenter starts the vote." : "Joining the room…"}
        </p>
      ) : (
        <PhonePollView
          key={`${phone.poll.question.id}:${phone.poll.round}`}
          poll={phone.poll}
          vote={phone.vote}
          sending={sending}
          onVote={vote}
        />
      )}
    </div>
  );
}

function PhonePollView({
  poll,
  vote,
  sending,
  onVote,
}: {
  poll: PhonePoll;
  vote: number | null;
  sending: number | null;
  onVote: (option: number) => void;
}) {
  const open = poll.status === "open";
  const chosen = sending ?? vote;
  const total = poll.counts?.reduce((a, b) => a + b, 0) ?? 0;
  const yours = vote === null ? null : `${LETTERS[vote]}, “${poll.question.options[vote]}”`;
  return (
    <div className="space-y-5">
      <fieldset className="space-y-3" disabled={!open}>
        <legend className="mb-3 text-xl leading-snug font-semibold">
          {poll.round === 2 && (
            <span className="mb-1 block text-base font-semibold text-ink-muted">Round 2: vote again</span>
          )}
          {poll.question.text}
        </legend>
        {poll.question.options.map((option, i) => {
          const right = poll.answer === i;
          const counts = poll.counts;
          return (
            <label
              key={option}
              className={`flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 px-4 py-3 text-lg has-[:focus-visible]:outline-4 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink ${
                chosen === i ? "border-ink bg-surface" : "border-line"
              } ${open ? "" : "cursor-default"}`}
            >
              <input
                type="radio"
                name="vote"
                className="h-6 w-6 shrink-0 accent-current"
                checked={chosen === i}
                onChange={() => onVote(i)}
              />
              <span
                aria-hidden="true"
                className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-ink font-bold text-page"
              >
                {LETTERS[i]}
              </span>
              <span className="min-w-0 flex-1">
                <span className="sr-only">Option {LETTERS[i]}: </span>
                {option}
                {counts && (
                  <span className="mt-1 block text-base text-ink-muted">
                    {counts[i] ?? 0} of {total} {total === 1 ? "vote" : "votes"} (
                    {total === 0 ? 0 : Math.round(((counts[i] ?? 0) / total) * 100)}%)
                    {right && <strong className="ml-2 text-safe-ink">✓ the run&apos;s answer</strong>}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </fieldset>
      <p role="status" className="rounded-lg border border-line bg-surface p-4 text-lg">
        {sending !== null
          ? "Sending your vote…"
          : open
            ? yours
              ? `Your vote: ${yours}. You can change it until voting closes.`
              : "Choose an option to vote."
            : poll.status === "closed"
              ? yours
                ? `Voting is closed. Your vote: ${yours}.`
                : "Voting is closed."
              : `The run's answer: ${LETTERS[poll.answer ?? 0]}, “${poll.question.options[poll.answer ?? 0]}”.${yours ? ` You voted ${yours}.` : ""}`}
      </p>
    </div>
  );
}
