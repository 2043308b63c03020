import Link from "next/link";
import { HeroRun } from "@/components/home/HeroRun";
import { QuickStart } from "@/components/home/QuickStart";
import { ProgressOverview } from "@/components/progress/ProgressOverview";
import { ProgressProvider } from "@/components/progress/ProgressProvider";
import { Container } from "@/components/ui/Container";
import { lessonContentLoad, lessonSummaries } from "@/lib/content/lessonLoad";
import { predictionFingerprints } from "@/lib/learn/predictionCards";
import { drillSummaries, quizSetSummaries } from "@/lib/content/load";
import { learningPath } from "@/lib/site/learningPath";

const audiences = [
  {
    title: "Students",
    text: "See why a paused process corrupts data and how a fencing token stops it, changing one number at a time.",
  },
  {
    title: "Interview prep",
    text: "Drill the trade-offs behind “Redlock, etcd or Postgres?” with failure modes you have watched happen.",
  },
  {
    title: "Instructors",
    text: "Project a scenario, stop just before the stale write lands, and ask the room what storage will do.",
  },
];

export default function HomePage() {
  return (
    <>
      <section className="border-b border-line bg-surface">
        <Container className="py-12 sm:py-16">
          <p className="text-sm font-semibold tracking-wide text-ink-muted uppercase">
            Distributed locks · leases · fencing tokens
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Watch a lock fail, then learn why it did.
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-ink-muted">
            Lease Lab teaches distributed locking with a deterministic simulator. Lease grants, renewals, pauses, clock
            jumps and writes play out on one timeline, so you can see the moment a client believes it holds a lock it
            has already lost.
          </p>
          <QuickStart />
          <figure className="mt-10 rounded-xl border border-line bg-page p-4 sm:p-6">
            <HeroRun />
            <figcaption className="mt-4 max-w-3xl text-sm text-ink-muted">
              c1&apos;s 10 s lease runs out during a 12 s garbage-collection pause, and c2 takes the lock with token 34.
              c1 wakes still believing it holds the lock (the hatched overhang) and writes with token 33. Storage has
              already seen 34 and rejects the stale write.{" "}
              <Link href="/about/#reading-a-run" className="font-medium text-link underline underline-offset-2">
                How to read a run
              </Link>
            </figcaption>
          </figure>
        </Container>
      </section>

      <ProgressProvider>
        <Container className="pt-14">
          <section aria-labelledby="progress-heading">
            <h2 id="progress-heading" className="text-2xl font-bold tracking-tight">
              Your progress
            </h2>
            <ProgressOverview
              lessons={lessonSummaries()}
              sets={quizSetSummaries()}
              drills={drillSummaries()}
              predictionFingerprints={predictionFingerprints(lessonContentLoad().lessons)}
            />
          </section>
        </Container>
      </ProgressProvider>

      <Container className="py-14">
        <section aria-labelledby="audience-heading">
          <h2 id="audience-heading" className="text-2xl font-bold tracking-tight">
            Who it is for
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            {audiences.map((audience) => (
              <li key={audience.title} className="rounded-xl border border-line p-5">
                <h3 className="font-semibold">{audience.title}</h3>
                <p className="mt-2 text-ink-muted">{audience.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="path-heading" className="mt-16">
          <h2 id="path-heading" className="text-2xl font-bold tracking-tight">
            The learning path
          </h2>
          <p className="mt-2 max-w-2xl text-ink-muted">
            Ten steps, from why you would take a lock at all to how locks break in production.
          </p>
          <ol className="mt-6 grid gap-x-8 gap-y-5 md:grid-cols-2">
            {learningPath.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-9 shrink-0 items-center justify-center rounded-full border-2 border-line font-semibold tabular-nums"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold">
                    <Link href={`/learn/${step.lesson}/`} className="text-link underline underline-offset-2">
                      {step.title}
                    </Link>
                  </h3>
                  <p className="text-ink-muted">{step.summary}</p>
                </div>
              </li>
            ))}
          </ol>
          <p className="mt-8 max-w-2xl">
            <Link href="/challenges/" className="font-semibold text-link underline underline-offset-2">
              Then test yourself: the challenges
            </Link>{" "}
            <span className="text-ink-muted">
              — break a lock with as few faults as you can, or defend one against every fault schedule of a small world.
            </span>
          </p>
        </section>
      </Container>
    </>
  );
}
