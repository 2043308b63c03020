import { Container } from "./Container";

export function Footer() {
  return (
    <footer className="mt-16 border-t border-line bg-surface">
      <Container className="flex flex-col gap-2 py-8 text-sm text-ink-muted sm:flex-row sm:justify-between">
        <p>
          <span className="font-semibold text-ink">Lease Lab</span> · distributed locks, leases and fencing tokens,
          simulated deterministically.
        </p>
        <p>Colours from the Okabe–Ito palette; shapes and labels carry every meaning.</p>
      </Container>
    </footer>
  );
}
