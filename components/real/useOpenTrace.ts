"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { Opened } from "@/lib/real/open";
import type { OpenReply, OpenRequest } from "@/lib/real/openWorker";

export type OpenState = { kind: "idle" } | { kind: "opening"; name: string } | ({ kind: "done"; name: string } & Opened);

/**
 * Opens recorded runs in a Web Worker (one per hook, made on first use): a file is read and
 * parsed there, so a huge or broken file cannot freeze the page; a newer open supersedes one
 * still in flight.
 */
export function useOpenTrace() {
  const worker = useRef<Worker | null>(null);
  const latest = useRef({ id: 0, name: "" });
  const [state, setState] = useState<OpenState>({ kind: "idle" });
  useEffect(() => () => worker.current?.terminate(), []);

  const send = useCallback((req: { name: string; file: File } | { name: string; value: unknown }) => {
    const id = latest.current.id + 1;
    latest.current = { id, name: req.name };
    if (!worker.current) {
      worker.current = new Worker(new URL("../../lib/real/openWorker.ts", import.meta.url), { type: "module" });
      worker.current.onmessage = (event: MessageEvent<OpenReply>) => {
        if (event.data.id !== latest.current.id) return;
        setState({ kind: "done", name: latest.current.name, ...event.data.opened });
      };
      worker.current.onerror = (event) =>
        setState({ kind: "done", name: latest.current.name, ok: false, errors: [event.message || "the worker that reads recorded runs failed"] });
    }
    setState({ kind: "opening", name: req.name });
    worker.current.postMessage({ id, ...req } as OpenRequest);
  }, []);

  const openFile = useCallback((file: File) => send({ name: file.name, file }), [send]);
  const openValue = useCallback((name: string, value: unknown) => send({ name, value }), [send]);
  return { state, openFile, openValue };
}
