export interface NavItem {
  /** Path with the trailing slash the static export uses. */
  href: string;
  label: string;
}

/** The header's navigation, in order. A page joins it once the page exists: add one entry here. */
export const navItems: readonly NavItem[] = [
  { href: "/", label: "Home" },
  { href: "/learn/", label: "Learn" },
  { href: "/lab/", label: "Lab" },
  { href: "/challenges/", label: "Challenges" },
  { href: "/code/", label: "Code" },
  { href: "/quiz/", label: "Quizzes" },
  { href: "/drill/", label: "Drills" },
  { href: "/review/", label: "Review" },
  { href: "/present/", label: "Present" },
  { href: "/about/", label: "About" },
];
