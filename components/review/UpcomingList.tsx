import Link from "next/link";

export interface UpcomingItem {
  kind: "question" | "prediction" | "drill";
  id: string;
  due: string;
  title: string;
  /** What it is: "Drill", "Question · <set title>" or "Prediction · <lesson title>". */
  where: string;
  /** Where to practise it before it is due: a drill's page, a prediction's place in its lesson. */
  href: string | null;
  /** "in 3 days · Tue, 4 Mar" */
  when: string;
}

/** Everything scheduled for later, soonest first. */
export function UpcomingList({ items }: { items: UpcomingItem[] }) {
  return (
    <section aria-labelledby="upcoming-heading" className="mt-14">
      <h2 id="upcoming-heading" className="text-2xl font-bold tracking-tight">
        Coming up
      </h2>
      <ul className="mt-4 divide-y divide-line rounded-xl border border-line">
        {items.map((item) => (
          <li
            key={`${item.kind}:${item.id}`}
            className="flex flex-col gap-1 p-4 sm:flex-row sm:items-baseline sm:justify-between sm:gap-6"
          >
            <div className="min-w-0">
              <p className="text-sm font-semibold text-ink-muted">{item.where}</p>
              <p className="mt-0.5 font-medium">
                {item.href ? (
                  <Link href={item.href} className="text-link underline underline-offset-2">
                    {item.title}
                  </Link>
                ) : (
                  item.title
                )}
              </p>
            </div>
            <p className="shrink-0 text-sm text-ink-muted tabular-nums">
              <time dateTime={item.due}>{item.when}</time>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
