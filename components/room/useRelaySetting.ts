"use client";

import { useCallback, useEffect, useState } from "react";
import { z } from "zod";

const KEY = "lease-lab:room:relay";
/**
 * What the site's /room.json says: the built site ships one saying it knows no relay (so a static
 * host answers, and the page logs no failed request); `npm run room` answers in its place with
 * where its relay is and the page phones join on.
 */
const roomInfo = z.object({ relay: z.string().min(1).nullable(), join: z.string().url().optional() });

export interface RelaySetting {
  /** The relay's address as set, or as the serving `npm run room` reports it; null: no relay known. */
  relay: string | null;
  /** The join page phones open (on the local network's address under `npm run room`). */
  joinPage: string;
  /** Whether the address was set by hand in this browser (else it came from the server, or is unknown). */
  custom: boolean;
  loaded: boolean;
  save: (relay: string | null) => void;
}

/**
 * The vote relay this browser uses: an address saved by hand (for a hosted copy of the site), or
 * the one the server says it runs at /room.json (`npm run room`); on a static host, whose
 * /room.json is the build's, none, and instructor mode works without a room.
 */
export function useRelaySetting(): RelaySetting {
  const [saved, setSaved] = useState<string | null>(null);
  const [served, setServed] = useState<z.infer<typeof roomInfo> | null>(null);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    const stored = window.localStorage.getItem(KEY);
    fetch("/room.json", { cache: "no-store" })
      .then((response) => (response.ok ? response.json() : null))
      .then((body) => roomInfo.safeParse(body))
      .then((parsed) => live && setServed(parsed.success ? parsed.data : null))
      .catch(() => {})
      .finally(() => {
        if (!live) return;
        setSaved(stored);
        setLoaded(true);
      });
    return () => {
      live = false;
    };
  }, []);
  const save = useCallback((relay: string | null) => {
    if (relay === null) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, relay);
    setSaved(relay);
  }, []);
  const joinPage =
    served?.join ?? (typeof window === "undefined" ? "/room/" : new URL("/room/", window.location.href).toString());
  return { relay: saved ?? served?.relay ?? null, joinPage, custom: saved !== null, loaded, save };
}
