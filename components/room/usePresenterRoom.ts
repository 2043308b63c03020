"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { joinLink, relayUrl } from "@/lib/room/address";
import type { ClientMessage, PresenterPoll, RelayMessage, RoomQuestion } from "@/lib/room/protocol";
import {
  DROPPED_ROOM_NOTICE,
  presenterStorageKey,
  presenterStoredRead,
  type PresenterStored,
} from "@/lib/room/presenterStore";
import { sessionAsk, sessionRecord, type Session, type SessionQuestion } from "@/lib/room/session";
import { useRelaySocket } from "./useRelaySocket";

type Stored = PresenterStored;

/** The kept room, or null; a value that cannot be read is removed, so a reload does not meet it again. */
function readStored(slug: string): { stored: Stored | null; dropped: boolean } {
  try {
    const read = presenterStoredRead(window.sessionStorage.getItem(presenterStorageKey(slug)));
    if ("stored" in read) return { stored: read.stored, dropped: false };
    window.sessionStorage.removeItem(presenterStorageKey(slug));
    return { stored: null, dropped: true };
  } catch {
    // Storage is blocked: there is no room to resume.
    return { stored: null, dropped: false };
  }
}

export interface PresenterRoom {
  /** Connected to the relay, or trying to be; null: no room. */
  connection: "connecting" | "open" | "retrying" | null;
  code: string | null;
  joinUrl: string | null;
  joined: number;
  poll: PresenterPoll | null;
  session: Session | null;
  showJoin: boolean;
  shownRound1: readonly string[];
  /** What went wrong, in words: a bad relay address, an ended room, an unreachable relay. */
  problem: string | null;
  open: (relaySetting: string) => void;
  start: (question: RoomQuestion, round: 1 | 2, asked: Omit<SessionQuestion, "rounds" | "id">) => void;
  close: () => void;
  reveal: (answer: number) => void;
  end: () => void;
  setShowJoin: (show: boolean) => void;
  showRound1: (questionId: string) => void;
}

/**
 * The presenter's side of a prediction room: opening it on the relay, the rounds, the live tally
 * and the session's record. The secret the relay issued stays in this tab's sessionStorage, so
 * reloading the presenter view resumes the same room with its phones and votes.
 */
export function usePresenterRoom(slug: string, joinPage: string): PresenterRoom {
  const [stored, setStored] = useState<Stored | null>(null);
  const [joined, setJoined] = useState(0);
  const [poll, setPoll] = useState<PresenterPoll | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const storedRef = useRef<Stored | null>(null);

  const update = useCallback(
    (change: (s: Stored) => Stored | null) => {
      const next = storedRef.current && change(storedRef.current);
      storedRef.current = next;
      setStored(next);
      if (next) window.sessionStorage.setItem(presenterStorageKey(slug), JSON.stringify(next));
      else window.sessionStorage.removeItem(presenterStorageKey(slug));
    },
    [slug],
  );

  useEffect(() => {
    const found = readStored(slug);
    storedRef.current = found.stored;
    // Read once after mounting: sessionStorage exists only in the browser.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setStored(found.stored);
    if (found.dropped) setProblem(DROPPED_ROOM_NOTICE);
  }, [slug]);

  const url = useMemo(() => {
    if (!stored || typeof window === "undefined") return null;
    const resolved = relayUrl(stored.relay, window.location.href);
    return "url" in resolved ? resolved.url : null;
  }, [stored]);

  const onMessage = useCallback(
    (message: RelayMessage) => {
      if (message.type === "opened") {
        setProblem(null);
        update((s) => ({
          ...s,
          code: message.code,
          secret: message.secret,
          session: s.code === message.code ? s.session : { deck: slug, room: message.code, questions: [] },
        }));
      } else if (message.type === "room") {
        setJoined(message.joined);
        setPoll(message.poll);
        const polled = message.poll;
        if (polled) update((s) => ({ ...s, session: sessionRecord(s.session, polled) }));
      } else if (message.type === "error") {
        setProblem(message.message);
        if (message.reason === "no-such-room") update(() => null);
      }
    },
    [slug, update],
  );
  const greeting = useCallback((): ClientMessage | null => {
    const s = storedRef.current;
    return s?.code && s.secret ? { type: "resume", code: s.code, secret: s.secret } : { type: "open" };
  }, []);
  const { status, send } = useRelaySocket(url, greeting, onMessage);

  const withSecret = useCallback(
    (message: (secret: string) => ClientMessage) => {
      const secret = storedRef.current?.secret;
      if (secret) send(message(secret));
    },
    [send],
  );

  const open = useCallback(
    (relaySetting: string) => {
      const resolved = relayUrl(relaySetting, window.location.href);
      if ("problem" in resolved) return setProblem(resolved.problem);
      setProblem(null);
      const fresh: Stored = {
        relay: relaySetting,
        code: null,
        secret: null,
        session: { deck: slug, room: "", questions: [] },
        showJoin: true,
        shownRound1: [],
      };
      storedRef.current = fresh;
      update(() => fresh);
    },
    [slug, update],
  );
  const start = useCallback(
    (question: RoomQuestion, round: 1 | 2, asked: Omit<SessionQuestion, "rounds" | "id">) => {
      update((s) => ({ ...s, showJoin: false, session: sessionAsk(s.session, { ...asked, id: question.id }) }));
      withSecret((secret) => ({ type: "start", secret, question, round }));
    },
    [update, withSecret],
  );
  const end = useCallback(() => {
    withSecret((secret) => ({ type: "end", secret }));
    update(() => null);
    setPoll(null);
    setJoined(0);
  }, [update, withSecret]);

  const joinUrl = stored?.code ? joinLink(joinPage, stored.code, stored.relay) : null;
  const connection = stored ? status : null;
  const unreachable =
    connection === "retrying" && !stored?.code
      ? "The relay does not answer at this address. Is `npm run room` (or the relay) running?"
      : null;
  return {
    connection,
    code: stored?.code ?? null,
    joinUrl,
    joined,
    poll,
    session: stored?.session ?? null,
    showJoin: stored?.showJoin ?? false,
    shownRound1: stored?.shownRound1 ?? [],
    problem: problem ?? unreachable,
    open,
    start,
    close: () => withSecret((secret) => ({ type: "close", secret })),
    reveal: (answer) => withSecret((secret) => ({ type: "reveal", secret, answer })),
    end,
    setShowJoin: (showJoin) => update((s) => ({ ...s, showJoin })),
    showRound1: (id) => update((s) => ({ ...s, shownRound1: [...new Set([...s.shownRound1, id])] })),
  };
}
