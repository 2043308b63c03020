import { Fragment } from "react";
import type { AudienceRoomView } from "@/lib/room/audienceView";
import { QrCode } from "./QrCode";

/**
 * On the projected screen: how to join the room, as a QR code, the short code and the address to
 * type it at. `compact` is the narrow version the presenter may show beside the slide while a
 * round is open, for latecomers.
 */
export function AudienceJoinCard({ view, compact }: { view: AudienceRoomView; compact: boolean }) {
  const page = new URL(view.joinUrl);
  // The address breaks only after a slash, never inside a word ("127.0.0.1:4000/" then "room/").
  const typed = `${page.host}${page.pathname}`.split(/(?<=\/)/);
  return (
    <aside
      aria-label="Join the room"
      className={`flex ${compact ? "items-center gap-[3vw] sm:flex-col sm:items-start sm:gap-[1vh]" : "items-center gap-[2vw]"} rounded-2xl border-2 border-line bg-page p-[1.5vw] shadow-lg ${compact ? "text-[clamp(0.9rem,1.4vw,1.6rem)]" : "text-[clamp(1rem,2.2vw,2.6rem)]"}`}
    >
      <QrCode
        text={view.joinUrl}
        label={`QR code: join room ${view.code}`}
        className={compact ? "h-[18vh] w-[18vh]" : "h-[42vh] w-[42vh]"}
      />
      <div className="space-y-[0.4em]">
        <p className="font-semibold">Vote from your phone</p>
        <p>
          Scan the code, or go to{" "}
          <span className="font-mono font-bold">
            {typed.map((part, i) => (
              <Fragment key={i}>
                {i > 0 && <wbr />}
                <span className="whitespace-nowrap">{part}</span>
              </Fragment>
            ))}
          </span>
        </p>
        <p>
          Room code{" "}
          <span className="rounded-lg bg-ink px-[0.4em] font-mono text-[1.4em] font-bold tracking-[0.2em] text-page">
            {view.code}
          </span>
        </p>
        <p className="text-ink-muted">No account, no name: {view.joined} joined</p>
      </div>
    </aside>
  );
}
