"use client";

/**
 * The lesson's live numbers: one small store per lesson page, holding the value of each `::live`
 * control the learner has moved, by the control's id. Embedded runs select the values of the
 * controls bound to them; nothing is persisted, so a reload shows the lesson as written.
 */
import { createContext, useContext, useState, type ReactNode } from "react";
import { createStore, useStore } from "zustand";
import { useShallow } from "zustand/react/shallow";
import type { LiveBinding } from "@/lib/content/lessonTypes";

interface LiveState {
  values: Record<number, number>;
  setValue: (id: number, value: number) => void;
  reset: (id: number) => void;
}

function createLiveStore() {
  return createStore<LiveState>()((set) => ({
    values: {},
    setValue: (id, value) => set((s) => ({ values: { ...s.values, [id]: value } })),
    reset: (id) =>
      set((s) => {
        const values = { ...s.values };
        delete values[id];
        return { values };
      }),
  }));
}

type LiveStore = ReturnType<typeof createLiveStore>;

const LiveContext = createContext<LiveStore | null>(null);

export function LessonLiveProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createLiveStore);
  return <LiveContext value={store}>{children}</LiveContext>;
}

function useLive<T>(selector: (state: LiveState) => T): T {
  const store = useContext(LiveContext);
  if (!store) throw new Error("live lesson pieces must be inside <LessonLiveProvider>");
  return useStore(store, selector);
}

const selectSetValue = (s: LiveState) => s.setValue;
const selectReset = (s: LiveState) => s.reset;

/** One control's value, or `fallback` while the learner has not moved it. */
export function useLiveValue(id: number, fallback: number): number {
  return useLive((s) => s.values[id] ?? fallback);
}

export function useLiveActions() {
  return { setValue: useLive(selectSetValue), reset: useLive(selectReset) };
}

/**
 * The values the learner set on the controls bound to a run, in binding order (undefined for one
 * not moved). The array keeps its identity while the values are equal, so it can key a memo.
 */
export function useBoundValues(bindings: readonly LiveBinding[]): (number | undefined)[] {
  return useLive(useShallow((s) => bindings.map((binding) => s.values[binding.id])));
}
