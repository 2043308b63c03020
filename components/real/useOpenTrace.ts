"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { Opened } from "@/lib/real/open";
import { startOpen, type OpenRequest } from "@/lib/workers/openRunner";

export type OpenState =
  | { kind: "idle" }
  | { kind: "opening"; name: string; share: number | null }
  | ({ kind: "done"; name: string } & Opened);

/**
 * Opens recorded runs and lock histories in a Web Worker (lib/workers/openRunner.ts): a newer
 * open cancels one still in flight, and Cancel stops it. A file that cannot be opened leaves the
 * run already open in place (`shown`), so bad input loses nothing.
 */
export function useOpenTrace() {
  const cancelJob = useRef<(() => void) | null>(null);
  const [state, setState] = useState<OpenState>({ kind: "idle" });
  const [shown, setShown] = useState<Extract<Opened, { ok: true }>["run"] | null>(null);
  useEffect(() => () => cancelJob.current?.(), []);

  const open = useCallback((req: OpenRequest) => {
    cancelJob.current?.();
    setState({ kind: "opening", name: req.name, share: null });
    cancelJob.current = startOpen(req, {
      progress: (share) => setState({ kind: "opening", name: req.name, share }),
      result: (opened) => {
        cancelJob.current = null;
        setState({ kind: "done", name: req.name, ...opened });
        if (opened.ok) setShown(opened.run);
      },
      failed: (message) => {
        cancelJob.current = null;
        setState({ kind: "done", name: req.name, ok: false, errors: [message] });
      },
    });
  }, []);

  const cancel = useCallback(() => {
    cancelJob.current?.();
    cancelJob.current = null;
    setState({ kind: "idle" });
  }, []);

  const openFile = useCallback((file: File) => open({ name: file.name, file }), [open]);
  const openText = useCallback((name: string, text: string) => open({ name, text }), [open]);
  const openValue = useCallback((name: string, value: unknown) => open({ name, value }), [open]);
  return { state, shown, openFile, openText, openValue, cancel };
}
