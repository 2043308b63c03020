/** Why a settings form did not start its run: a heading and every problem found, announced at once. */
export function FormProblems({ heading, problems }: { heading: string; problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" className="mt-3 rounded-lg border-l-4 border-danger bg-surface p-3 text-sm">
      <p className="font-semibold">{heading}</p>
      <ul className="mt-1 list-disc pl-5">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </div>
  );
}
