/**
 * Resolves in a later task, so the browser can paint and answer input in between: a long piece of
 * work split at these points is several short tasks, not one long one. `scheduler.yield` where
 * the browser has it (it resumes ahead of other queued tasks), else a timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve));
}
