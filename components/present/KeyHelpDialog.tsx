"use client";

import { forwardRef } from "react";

const KEYS: [string, string][] = [
  ["→  Space  Page Down", "Next slide"],
  ["←  Page Up", "Previous slide"],
  ["Home  End", "First or last slide"],
  ["G", "Go to a slide by number"],
  ["P", "Play or pause the simulation"],
  ["R", "Reveal the prediction and play it"],
  ["T", "Show the timeline, the topology, or both"],
  ["B  .", "Blank the screen, and back"],
  ["F", "Full screen"],
  ["S", "Open the other view (presenter or audience)"],
  ["?", "This help"],
];

/** The deck's keys, and the switch that turns its single-letter shortcuts off. */
export const KeyHelpDialog = forwardRef<HTMLDialogElement, { letters: boolean; setLetters: (on: boolean) => void }>(
  function KeyHelpDialog({ letters, setLetters }, ref) {
    return (
      <dialog
        ref={ref}
        aria-labelledby="deck-help-title"
        className="m-auto w-[min(36rem,92vw)] rounded-xl border border-line bg-page p-6 text-ink backdrop:bg-black/60"
      >
        <h2 id="deck-help-title" className="text-2xl font-bold">
          Keys
        </h2>
        <table className="mt-4 w-full text-left">
          <tbody>
            {KEYS.map(([keys, what]) => (
              <tr key={keys} className="border-t border-line">
                <th scope="row" className="py-1.5 pr-4 font-mono text-sm font-semibold whitespace-pre">
                  {keys}
                </th>
                <td className="py-1.5">{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <label className="mt-4 flex items-center gap-3">
          <input
            type="checkbox"
            checked={letters}
            onChange={(event) => setLetters(event.target.checked)}
            className="size-5"
          />
          Single-letter shortcuts (G, P, R, T, B, F, S, ?)
        </label>
        <p className="mt-1 text-sm text-ink-muted">
          The arrows, Space, Page Up and Page Down, Home and End always work, as remote clickers send them.
        </p>
        <form method="dialog" className="mt-5 text-right">
          <button className="rounded-md bg-ink px-4 py-2 font-semibold text-page">Close</button>
        </form>
      </dialog>
    );
  },
);
