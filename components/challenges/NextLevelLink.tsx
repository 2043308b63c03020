import Link from "next/link";
import { primaryButton } from "@/components/ui/button";

/** Where a won level leads: the next level's page, or, after the last one, the list of all levels. */
export interface NextLevel {
  href: string;
  title: string;
}

/**
 * The way on from a won level. To a level, a full page load, not a client-side navigation: a
 * level's page is drawn in its HTML (LevelApp), which a client-side navigation would not fetch.
 */
export function NextLevelLink({ next }: { next: NextLevel | null }) {
  if (!next)
    return (
      <p className="text-sm">
        That was the last level.{" "}
        <Link href="/challenges/" className="font-semibold text-link underline underline-offset-2">
          Back to all challenges
        </Link>
      </p>
    );
  return (
    <a href={next.href} className={primaryButton}>
      Next level: {next.title}
    </a>
  );
}
