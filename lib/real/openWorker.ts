/**
 * The Web Worker that opens a recorded run: it reads the file (or takes an already loaded trace),
 * checks its size before reading it, parses and checks it, and runs the model beside it, so the
 * page stays responsive whatever it was given.
 */
import { openTrace, openTraceValue, tooLarge, type Opened } from "./open";

export type OpenRequest = { id: number; name: string; file: File } | { id: number; name: string; value: unknown };
export type OpenReply = { id: number; opened: Opened };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<OpenRequest>) => void) | null;
  postMessage(reply: OpenReply): void;
};

scope.onmessage = async (event) => {
  const req = event.data;
  let opened: Opened;
  try {
    if ("file" in req) {
      const big = tooLarge(req.name, req.file.size);
      opened = big ? { ok: false, errors: [big] } : openTrace(req.name, await req.file.text());
    } else opened = openTraceValue(req.name, req.value);
  } catch (e) {
    opened = { ok: false, errors: [`${req.name}: ${e instanceof Error ? e.message : String(e)}`] };
  }
  scope.postMessage({ id: req.id, opened });
};
