/**
 * Parses and validates content/lessons/comparison.yaml: `columns` ({id, label}) and `rows` ({name,
 * cells: {columnId: {text, preset?}}}). Each row fills every column and no other; a cell's preset
 * must exist, since the table links it to the lab.
 */
import { z } from "zod";
import { ProblemList, type Parsed } from "./errors";
import type { PresetLookup } from "./lessonDirectives";
import type { Comparison } from "./lessonTypes";
import { yamlRead } from "./yamlRead";

const text = z.string().trim().min(1, "must not be empty");
const schema = z.strictObject({
  columns: z.array(z.strictObject({ id: z.string().regex(/^[a-z0-9-]+$/, "must be a lower-case slug"), label: text })).min(1, "needs at least one column"),
  rows: z.array(z.strictObject({ name: text, cells: z.record(z.string(), z.strictObject({ text, preset: text.optional() })) })).min(1, "needs at least one row"),
});

export function comparisonParse(file: string, source: string, presetLookup: PresetLookup): Parsed<Comparison> {
  const problems = new ProblemList(file);
  const empty = (): Comparison => ({ columns: [], rows: [] });
  const yaml = yamlRead(source, problems);
  if (!yaml) return problems.result(empty);
  const parsed = schema.safeParse(yaml.data);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const line = yaml.lineAt(issue.path);
      if (issue.code === "unrecognized_keys") for (const key of issue.keys) problems.add(line, `unknown field "${key}" at ${issue.path.join(".") || "the top level"}`);
      else problems.add(line, `${issue.path.join(".") || "the file"}: ${issue.message}`);
    }
    return problems.result(empty);
  }
  const { columns, rows } = parsed.data;
  const ids = columns.map((column) => column.id);
  ids.forEach((id, index) => {
    if (ids.indexOf(id) !== index) problems.add(yaml.lineAt(["columns", index, "id"]), `columns.${index}.id: "${id}" is used by an earlier column too`);
  });
  const table: Comparison = {
    columns,
    rows: rows.map((row, r) => {
      for (const key of Object.keys(row.cells)) {
        if (!ids.includes(key)) problems.add(yaml.lineAt(["rows", r, "cells", key]), `rows.${r}.cells: unknown column "${key}" (columns: ${ids.join(", ")})`);
      }
      const cells = columns.map((column) => {
        const cell = row.cells[column.id];
        if (!cell) {
          problems.add(yaml.lineAt(["rows", r, "cells"]), `rows.${r} ("${row.name}") has no cell for column "${column.id}"`);
          return { text: "", preset: null };
        }
        const preset = cell.preset === undefined ? undefined : presetLookup(cell.preset);
        if (cell.preset !== undefined && !preset) {
          problems.add(yaml.lineAt(["rows", r, "cells", column.id, "preset"]), `rows.${r}.cells.${column.id}.preset: unknown preset "${cell.preset}": it must be the id of a preset in content/presets/`);
        }
        return { text: cell.text, preset: preset ? { id: preset.id, title: preset.title } : null };
      });
      return { name: row.name, cells };
    }),
  };
  return problems.result(() => table);
}
