import Link from "next/link";
import { Container } from "./Container";
import { LogoMark } from "./LogoMark";
import { SiteNav } from "./SiteNav";
import { ThemeToggle } from "./ThemeToggle";

export function Header() {
  return (
    <header className="relative border-b border-line">
      <Container className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3 sm:gap-x-6">
        <Link href="/" className="flex items-center gap-2.5 rounded-md text-lg font-bold tracking-tight text-ink">
          <LogoMark />
          Lease Lab
        </Link>
        <SiteNav />
        <ThemeToggle />
      </Container>
    </header>
  );
}
