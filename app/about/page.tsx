import type { Metadata } from "next";
import type { ReactNode } from "react";
import { VisualLegend } from "@/components/legend/VisualLegend";
import { Container } from "@/components/ui/Container";

export const metadata: Metadata = {
  title: "About",
  description:
    "Who Lease Lab is for, how its simulation works, how to read a run, and how it serves keyboard and screen-reader users.",
};

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-14 scroll-mt-6" id={id}>
      <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-ink-muted">{children}</div>
    </section>
  );
}

export default function AboutPage() {
  return (
    <Container className="py-12">
      <h1 className="text-4xl font-bold tracking-tight">About Lease Lab</h1>
      <p className="mt-4 max-w-3xl text-lg text-ink-muted">
        Lease Lab is a course and a simulator for distributed locks, leases and fencing tokens. It shows what a lock in
        a distributed system really promises, and the ways that promise breaks: pauses, clocks, failovers and the
        network.
      </p>

      <div className="max-w-3xl">
        <Section id="who" title="Who it is for">
          <ul className="list-disc space-y-2 pl-5">
            <li>
              <strong className="text-ink">Students</strong> studying alone, who want to see why a paused process
              corrupts data and how a fencing token stops it.
            </li>
            <li>
              <strong className="text-ink">Engineers preparing for system-design interviews</strong>, who want answers
              to “Redlock, etcd or Postgres?” backed by failure modes they have watched happen.
            </li>
            <li>
              <strong className="text-ink">Instructors</strong> projecting a scenario, pausing just before the stale
              write lands, and asking the room to predict what happens.
            </li>
          </ul>
        </Section>

        <Section id="simulation" title="How the simulation works">
          <p>
            <strong className="text-ink">Deterministic and seeded.</strong> A run is a pure function of its scenario.
            Every random choice, from network latency to when a pause strikes, comes from one generator seeded by the
            scenario, so the same scenario plays out the same way on every machine, every time. A run you share is the
            run the other person sees.
          </p>
          <p>
            <strong className="text-ink">True time and each process&apos;s own clock.</strong> The timeline runs on true
            time, which only the simulator knows. Every client, lock-service node and the storage has its own wall
            clock, with an offset, a drift and possibly a jump, and its own monotonic clock. A process only ever reads
            its own clocks, so a lease measured on one can end at a different true time than on another.
          </p>
          <p>
            <strong className="text-ink">Faults as real systems have them.</strong> A paused process does nothing until
            it resumes, and does not know it was paused. Messages take time, can be lost, and stop at a partition. Each
            lock service follows its real counterpart&apos;s rules and defaults.
          </p>
          <p>
            <strong className="text-ink">An honest verdict.</strong> After the run, a checker looks at the whole log
            from the omniscient view: when two clients believed they held the lock at once, which writes were stale, and
            whether any update was lost or any effect happened twice.
          </p>
        </Section>
      </div>

      <Section id="reading-a-run" title="Reading a run">
        <p className="max-w-3xl">
          The lab, the lessons and the instructor&apos;s slides all draw a run the same way. True time runs left to
          right; each client, each lock-service node and the storage has a lane, labelled with its own clock reading and
          its distance from true time, such as <span className="font-mono text-ink">c1 · 12.340 s (+2.0 s)</span>.
        </p>
        <div className="pt-2 text-ink">
          <VisualLegend />
        </div>
      </Section>

      <div className="max-w-3xl">
        <Section id="accessibility" title="Keyboard and accessibility">
          <ul className="list-disc space-y-2 pl-5">
            <li>
              Everything works from the keyboard. “Skip to content” is the first stop on every page, and the focused
              control always shows a clear outline.
            </li>
            <li>
              Colours come from the Okabe–Ito palette, which stays distinguishable with common colour-vision
              deficiencies, and never carry meaning alone: shapes, hatching, dashes and labels do.
            </li>
            <li>
              The light and dark themes follow your system setting. The theme button in the header overrides it, and the
              choice is remembered on this device.
            </li>
            <li>Animation is kept to a minimum when your system asks for reduced motion.</li>
            <li>
              Every page is built to WCAG 2.2 AA and checked automatically with axe, in both themes, on every change.
            </li>
          </ul>
        </Section>
      </div>
    </Container>
  );
}
