/**
 * The pipeline's direction (ARCHITECTURE.md §2): each folder of lib/ has a layer, and a module may
 * import only from its own folder or a folder of a lower layer. A reader may use the scenario's
 * edits, never the other way; the engine imports nothing; the stores sit above every worker.
 * Tests follow the same rule as the code beside them, so a test never leans on a later stage.
 */
import { dirname, join, relative, resolve } from "node:path";

/** Lower layers first; folders of one layer do not import each other. */
export const LAYERS = [
  ["sim", "theme", "room"],
  ["scenario"],
  ["readers"],
  ["explore"],
  ["real"],
  ["challenges"],
  ["content"],
  ["workers"],
  ["store"],
  ["learn", "present", "site"],
];
const layerOf = new Map(LAYERS.flatMap((folders, i) => folders.map((f) => [f, i])));

/** The lib/ folder a path lies in, or null outside lib/. */
function folderOf(root, file) {
  const parts = relative(root, file).split(/[\\/]/);
  return parts[0] === "lib" && parts.length > 2 ? parts[1] : null;
}

const pipelineDirection = {
  meta: {
    type: "problem",
    docs: { description: "An import in lib/ goes down the pipeline (ARCHITECTURE.md §2), never up or across." },
    schema: [],
    messages: {
      upward:
        "lib/{{from}} may not import lib/{{to}}: {{to}} comes later in the pipeline than {{from}} (ARCHITECTURE.md §2). Move the shared piece down, or the caller up.",
      across:
        "lib/{{from}} and lib/{{to}} are side by side in the pipeline and do not import each other (ARCHITECTURE.md §2).",
      unknown:
        "lib/{{to}} has no place in the pipeline: add it to LAYERS in scripts/eslint/pipelineDirection.mjs and to ARCHITECTURE.md §2.",
    },
  },
  create(context) {
    const root = context.cwd;
    const from = folderOf(root, context.filename);
    if (from === null || from.startsWith("lint-fixture-")) return {};
    function check(node, specifier) {
      if (typeof specifier !== "string") return;
      let target;
      if (specifier.startsWith("@/")) target = join(root, specifier.slice(2));
      else if (specifier.startsWith(".")) target = resolve(dirname(context.filename), specifier);
      else return;
      const to = folderOf(root, target + "/x");
      if (to === null || to === from) return;
      const a = layerOf.get(from);
      const b = layerOf.get(to);
      if (a === undefined || b === undefined) {
        return context.report({ node, messageId: "unknown", data: { to: a === undefined ? from : to } });
      }
      if (b > a) context.report({ node, messageId: "upward", data: { from, to } });
      else if (b === a) context.report({ node, messageId: "across", data: { from, to } });
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node.source, node.source.value),
    };
  },
};

export default pipelineDirection;
