"use client";

import { useEffect } from "react";
import type { LabSession } from "@/lib/store/labSession";

/** Keeps a lab session's playback following its runs while mounted, and stops its runs after. */
export function useSession(session: LabSession): void {
  useEffect(() => session.follow(), [session]);
  useEffect(() => () => session.dispose(), [session]);
}
