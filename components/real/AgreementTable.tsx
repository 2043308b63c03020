import type { AgreementRow } from "@/lib/real/agreement";

const labels: Record<AgreementRow["field"], string> = {
  verdict: "Verdict",
  counter: "Final counter",
  lostUpdates: "Lost updates",
  staleWritesAccepted: "Stale writes accepted",
  staleWritesRejected: "Stale writes rejected",
  tokens: "Tokens",
  jobsDone: "Jobs done",
};

/** The recorded run and the model's side by side, each field marked the same or different in words (not only colour). */
export function AgreementTable({ rows }: { rows: AgreementRow[] }) {
  const differ = rows.filter((r) => !r.agree).length;
  return (
    <table className="w-full max-w-xl text-left text-sm">
      <caption className="pb-1 text-left font-semibold">
        {differ === 0
          ? "The real run and the model agree on every field"
          : `The real run and the model differ on ${differ} field${differ === 1 ? "" : "s"}`}
      </caption>
      <thead>
        <tr className="border-b border-line">
          <th scope="col" className="py-1 pr-3">
            Field
          </th>
          <th scope="col" className="py-1 pr-3">
            Real
          </th>
          <th scope="col" className="py-1 pr-3">
            Model
          </th>
          <th scope="col" className="py-1">
            Same?
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.field} className={`border-b border-line ${r.agree ? "" : "bg-surface font-semibold"}`}>
            <th scope="row" className="py-1 pr-3 font-normal">
              {labels[r.field]}
            </th>
            <td className="py-1 pr-3 font-mono">{r.real}</td>
            <td className="py-1 pr-3 font-mono">{r.model}</td>
            <td className="py-1">{r.agree ? "same" : "≠ differs"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
