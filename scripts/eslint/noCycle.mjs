/**
 * import/no-cycle skips `import type` by design (eslint-plugin-import and import-x alike, with no
 * option to count them), so two modules that name each other's types pass it. Such a pair is still
 * one module split in two: neither can be read, moved or tested apart from the other, and the
 * pipeline's direction (ARCHITECTURE.md, "Folders") is broken by types as much as by values.
 * This rule follows every import and `export … from`, types included, through this repository's
 * own files (`@/…` and relative paths; packages are never followed, no cycle of ours runs through
 * one), and reports an import from which the importing file can be reached again.
 */
import { readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import pipelineDirection from "./pipelineDirection.mjs";

const extensions = ["", ".ts", ".tsx", ".mts", ".mjs", ".js", "/index.ts", "/index.tsx"];
/** A file's own imports, kept while its modification time stays the same (the lint fixtures rewrite files). */
const importsOf = new Map();

function resolveImport(root, fromFile, specifier) {
  let base;
  if (specifier.startsWith("@/")) base = join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(fromFile), specifier);
  else return null;
  for (const extension of extensions) {
    const candidate = base + extension;
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this extension
    }
  }
  return null;
}

function dependencies(root, file) {
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = importsOf.get(file);
  if (cached && cached.mtime === mtime) return cached.files;
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, false);
  const files = [...new Set(importedFiles.map((i) => resolveImport(root, file, i.fileName)).filter((f) => f !== null))];
  importsOf.set(file, { mtime, files });
  return files;
}

/** The chain from `start` back to `target`, or null when `target` cannot be reached. */
function pathBack(root, start, target) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of dependencies(root, file)) {
      if (next === target) {
        const chain = [file];
        for (let at = cameFrom.get(file); at !== null; at = cameFrom.get(at)) chain.unshift(at);
        return chain;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

export const noCycle = {
  meta: {
    type: "problem",
    docs: { description: "Forbid import cycles, counting type-only imports" },
    schema: [],
    messages: { cycle: "Dependency cycle, type imports counted: {{chain}}." },
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const check = (node) => {
      if (!node.source || typeof node.source.value !== "string") return;
      const target = resolveImport(root, file, node.source.value);
      if (target === null) return;
      const chain = target === file ? [] : pathBack(root, target, file);
      if (chain === null) return;
      const names = [file, ...chain, file].map((f) => relative(root, f));
      context.report({ node: node.source, messageId: "cycle", data: { chain: names.join(" → ") } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

const leaseLabPlugin = { rules: { "no-cycle": noCycle, "pipeline-direction": pipelineDirection } };
export default leaseLabPlugin;
