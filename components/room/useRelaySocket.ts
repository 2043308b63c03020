"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { readRelayMessage, type ClientMessage, type RelayMessage } from "@/lib/room/protocol";

export type SocketStatus = "connecting" | "open" | "retrying";

/** Waits between attempts to reach the relay again: quick at first, then every 5 s. */
const RETRY_MS = [500, 1000, 2000, 5000];

/**
 * A WebSocket to the vote relay that comes back by itself: after a drop it reconnects and sends
 * `greeting()` again (a phone's join, the presenter's resume), so the relay can give it back its
 * vote or its room. `url` null: no connection. Messages that are not the relay's are ignored.
 */
export function useRelaySocket(
  url: string | null,
  greeting: () => ClientMessage | null,
  onMessage: (message: RelayMessage) => void,
) {
  const [status, setStatus] = useState<SocketStatus>("connecting");
  const socketRef = useRef<WebSocket | null>(null);
  const handlers = useRef({ greeting, onMessage });
  useEffect(() => {
    handlers.current = { greeting, onMessage };
  });

  useEffect(() => {
    if (url === null) return;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = () => {
      setStatus(attempt === 0 ? "connecting" : "retrying");
      const socket = new WebSocket(url);
      socketRef.current = socket;
      socket.onopen = () => {
        attempt = 0;
        setStatus("open");
        const hello = handlers.current.greeting();
        if (hello) socket.send(JSON.stringify(hello));
      };
      socket.onmessage = (event) => {
        const message = readRelayMessage(event.data);
        if (message) handlers.current.onMessage(message);
      };
      socket.onclose = () => {
        if (socketRef.current === socket) socketRef.current = null;
        if (stopped) return;
        setStatus("retrying");
        timer = setTimeout(connect, RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socketRef.current?.close();
      socketRef.current = null;
    };
  }, [url]);

  const send = useCallback((message: ClientMessage) => {
    const socket = socketRef.current;
    if (socket?.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }, []);
  return { status: url === null ? null : status, send };
}
