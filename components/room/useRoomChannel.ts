"use client";

import { useEffect, useRef, useState } from "react";
import { roomChannelName, type AudienceRoomMessage, type AudienceRoomView } from "@/lib/room/audienceView";

/** The presenter's window posts what the room may see of the room to the deck's other windows, and again to one that says hello. */
export function useRoomBroadcast(slug: string, view: AudienceRoomView | null): void {
  const channelRef = useRef<BroadcastChannel | null>(null);
  const viewRef = useRef(view);
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(roomChannelName(slug));
    channelRef.current = channel;
    channel.onmessage = (event: MessageEvent<AudienceRoomMessage>) => {
      if (event.data?.type === "hello")
        channel.postMessage({ type: "room", view: viewRef.current } satisfies AudienceRoomMessage);
    };
    return () => {
      channel.close();
      channelRef.current = null;
    };
  }, [slug]);
  const key = JSON.stringify(view);
  useEffect(() => {
    viewRef.current = view;
    channelRef.current?.postMessage({ type: "room", view } satisfies AudienceRoomMessage);
    // The view is compared by value: a new object with the same content posts nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

/** The audience window's copy of the room, as the presenter's window last posted it; null without a room. */
export function useAudienceRoom(slug: string): AudienceRoomView | null {
  const [view, setView] = useState<AudienceRoomView | null>(null);
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(roomChannelName(slug));
    channel.onmessage = (event: MessageEvent<AudienceRoomMessage>) => {
      if (event.data?.type === "room") setView(event.data.view);
    };
    channel.postMessage({ type: "hello" } satisfies AudienceRoomMessage);
    return () => channel.close();
  }, [slug]);
  return view;
}
