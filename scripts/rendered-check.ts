/**
 * After `next build` (npm's postbuild): fails the build if any exported page shows a directive as
 * literal text, printing "page: text" for each.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { literalDirectives } from "../lib/content/renderedCheck";

const root = join(process.cwd(), "out");
const pages = (readdirSync(root, { recursive: true, encoding: "utf8" }) as string[]).filter((name) =>
  name.endsWith(".html"),
);
let found = 0;
for (const page of pages) {
  for (const text of literalDirectives(readFileSync(join(root, page), "utf8"))) {
    process.stderr.write(`${relative(process.cwd(), join(root, page))}: a literal directive on the page: ${text}\n`);
    found++;
  }
}
if (found > 0) {
  process.stderr.write(
    `Rendered check failed: ${found} literal ${found === 1 ? "directive" : "directives"} in the built pages.\n`,
  );
  process.exitCode = 1;
} else process.stdout.write(`Rendered pages OK: ${pages.length} pages, no literal directive.\n`);
