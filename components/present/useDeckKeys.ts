"use client";

import { useEffect, useRef } from "react";
import type { DeckAction } from "@/lib/present/deckState";

/** What the deck's letter keys do besides changing the shared state; each window decides. */
export interface DeckKeyCommands {
  dispatch: (action: DeckAction) => void;
  /** P: play or pause the slide's simulation. */
  togglePlay: () => void;
  /** T: the next of the slide's views (timeline, topology, both). */
  nextView: () => void;
  goTo: () => void;
  fullScreen: () => void;
  /** S: open the presenter view (the presenter window opens the audience view). */
  openOther: () => void;
  help: () => void;
}

/** Keys that belong to the focused control, which the deck must not take from it. */
function ownsKeys(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest("input, select, textarea, [contenteditable='true'], [role='slider'], dialog") !== null
  );
}

/**
 * The deck's keys, on the whole document: → Space PageDown next, ← PageUp previous (what remote
 * clickers send), Home and End; with `letters` on, G go to, F full screen, B blank, P play/pause,
 * R reveal, T timeline/topology, S the other view and ? help. Keys meant for a focused field, or
 * already handled (the timeline's marks move between themselves with the arrows), are left alone.
 */
export function useDeckKeys(commands: DeckKeyCommands, letters: boolean): void {
  const ref = useRef(commands);
  useEffect(() => {
    ref.current = commands;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || ownsKeys(event.target)) return;
      const onButton = event.target instanceof Element && event.target.closest("button, a, summary") !== null;
      const c = ref.current;
      const navigation: Record<string, DeckAction | undefined> = {
        ArrowRight: { type: "next" },
        PageDown: { type: "next" },
        ArrowLeft: { type: "previous" },
        PageUp: { type: "previous" },
        Home: { type: "first" },
        End: { type: "last" },
        " ": onButton ? undefined : { type: "next" },
      };
      const move = navigation[event.key];
      if (move) {
        c.dispatch(move);
      } else if (letters && !event.repeat) {
        const letter = event.key.toLowerCase();
        if (letter === "b" || event.key === ".") c.dispatch({ type: "toggleBlank" });
        else if (letter === "r") c.dispatch({ type: "reveal", answer: null });
        else if (letter === "p") c.togglePlay();
        else if (letter === "t") c.nextView();
        else if (letter === "g") c.goTo();
        else if (letter === "f") c.fullScreen();
        else if (letter === "s") c.openOther();
        else if (event.key === "?") c.help();
        else return;
      } else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [letters]);
}
