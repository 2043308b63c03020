import Link from "next/link";
import { primaryButton } from "@/components/ui/button";
import { quickStart } from "@/lib/site/quickStart";

/** The first-visit path, its start button placed to show on the first screen at desktop and phone sizes. */
export function QuickStart() {
  const [first] = quickStart;
  return (
    <section aria-labelledby="quick-start-heading" className="mt-8">
      <h2 id="quick-start-heading" className="sr-only">
        Start in five minutes
      </h2>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
        <Link href={first.href} className={primaryButton}>
          Start: {first.title.toLowerCase()}
        </Link>
        <p className="text-ink-muted">About five minutes, three steps:</p>
      </div>
      <ol className="mt-5 grid max-w-5xl gap-4 sm:grid-cols-3">
        {quickStart.map((step, index) => (
          <li key={step.href} className="flex gap-3">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full border-2 border-line font-semibold tabular-nums"
            >
              {index + 1}
            </span>
            <div>
              <Link href={step.href} className="font-semibold text-link underline underline-offset-2">
                {step.title}
              </Link>
              <p className="text-sm text-ink-muted">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
