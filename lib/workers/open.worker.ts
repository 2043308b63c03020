/** The Web Worker that opens a recorded run or a lock history: the size is checked before the file is read. */
import { openText, openTraceValue, tooLarge, type Opened } from "@/lib/real/open";
import { serveJob, type JobScope } from "./job";
import type { OpenProgress, OpenRequest } from "./openRunner";

/** Progress at most this often: a history is read in well under a second or two. */
const PROGRESS_EVERY_MS = 100;

serveJob<OpenRequest, OpenProgress, Opened>(self as unknown as JobScope, async (req, progress) => {
  let last = 0;
  const share = (s: number) => {
    const now = performance.now();
    if (now - last < PROGRESS_EVERY_MS) return;
    last = now;
    progress({ share: s });
  };
  if ("value" in req) return openTraceValue(req.name, req.value);
  if ("text" in req) return openText(req.name, req.text, share);
  const big = tooLarge(req.name, req.file.size);
  return big ? { ok: false, errors: [big] } : openText(req.name, await req.file.text(), share);
});
