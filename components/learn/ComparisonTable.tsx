import type { Comparison } from "@/lib/content/lessonTypes";

/**
 * The options against the properties that matter (`::comparison-table`), as a real table with
 * column and row headers. A cell the simulator can show links to the preset that shows it.
 */
export function ComparisonTable({ comparison }: { comparison: Comparison }) {
  return (
    <div
      role="region"
      aria-labelledby="comparison-caption"
      tabIndex={0}
      className="my-10 overflow-x-auto rounded-xl border border-line"
    >
      <table className="w-full min-w-[960px] border-collapse text-left text-sm">
        <caption id="comparison-caption" className="bg-surface px-4 py-3 text-left">
          <span className="block text-lg font-bold tracking-tight">Comparison of the options</span>
          <span className="block text-sm text-ink-muted">Underlined cells open the lab on a run that shows them.</span>
        </caption>
        <thead>
          <tr className="border-y border-line bg-surface">
            <th scope="col" className="px-3 py-2 font-semibold">
              Option
            </th>
            {comparison.columns.map((column) => (
              <th key={column.id} scope="col" className="px-3 py-2 font-semibold">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {comparison.rows.map((row) => (
            <tr key={row.name} className="border-b border-line align-top last:border-b-0">
              <th scope="row" className="px-3 py-2 font-semibold">
                {row.name}
              </th>
              {row.cells.map((cell, i) => (
                <td key={comparison.columns[i]?.id ?? i} className="px-3 py-2">
                  {cell.preset ? (
                    // A full page load: the lab reads its scenario from the URL it is opened with.
                    <a href={`/lab/?preset=${cell.preset.id}`} className="text-link underline underline-offset-2">
                      {cell.text}
                      <span className="sr-only"> (open in the lab: {cell.preset.title})</span>
                    </a>
                  ) : (
                    cell.text
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
