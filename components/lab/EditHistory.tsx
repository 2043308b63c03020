"use client";

import { useEffect, useState } from "react";
import { useStore } from "zustand";
import { createEditHistoryStore, type EditHistoryState } from "@/lib/store/labHistory";
import { useLabStores } from "./stores";

const selectCanUndo = (s: EditHistoryState) => s.past.length > 0;
const selectCanRedo = (s: EditHistoryState) => s.future.length > 0;

/** Fields that keep their own undo: a key typed there is theirs (the seed, the failure map's form). */
function typesText(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest("textarea, [contenteditable='true']")) return true;
  return (
    target instanceof HTMLInputElement && !["range", "checkbox", "radio", "button", "submit"].includes(target.type)
  );
}

/**
 * Undo and redo of the lab's edits, as buttons and as Ctrl/⌘ + Z and Shift + Ctrl/⌘ + Z (Ctrl + Y
 * too). These are not single-key shortcuts, so they work whether or not those are turned off, and
 * they leave a text field's own undo alone.
 */
export function EditHistory() {
  const { scenario } = useLabStores();
  const [history] = useState(() => createEditHistoryStore(scenario));
  const canUndo = useStore(history, selectCanUndo);
  const canRedo = useStore(history, selectCanRedo);

  useEffect(() => history.getState().watch(), [history]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || !(event.ctrlKey || event.metaKey) || typesText(event.target))
        return;
      const key = event.key.toLowerCase();
      if (key === "z") {
        if (event.shiftKey) history.getState().redo();
        else history.getState().undo();
      } else if (key === "y" && !event.shiftKey) history.getState().redo();
      else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [history]);

  const button = "rounded-md border border-line px-2.5 py-1.5 text-sm font-medium hover:bg-surface disabled:opacity-40";
  return (
    <div role="group" aria-label="Edit history" className="flex items-center gap-1">
      <button
        type="button"
        className={button}
        disabled={!canUndo}
        onClick={() => history.getState().undo()}
        aria-keyshortcuts="Control+Z Meta+Z"
        title="Undo the last edit (Ctrl or ⌘ + Z)"
      >
        Undo
      </button>
      <button
        type="button"
        className={button}
        disabled={!canRedo}
        onClick={() => history.getState().redo()}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
        title="Redo the edit undone (Shift + Ctrl or ⌘ + Z)"
      >
        Redo
      </button>
    </div>
  );
}
