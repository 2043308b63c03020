import type { Metadata } from "next";
import { PhoneRoom } from "@/components/room/PhoneRoom";
import { Container } from "@/components/ui/Container";

export const metadata: Metadata = {
  title: "Join a room",
  description: "Vote from your phone on what the simulation will do next: no account, no name.",
  robots: { index: false },
};

/** The phones' page: join a presenter's room by its code (or its QR code's link) and vote. */
export default function RoomPage() {
  return (
    <Container className="max-w-xl py-8">
      <PhoneRoom />
    </Container>
  );
}
