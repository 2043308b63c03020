/** What a slide's run shows while its code loads and its session opens. */
export function SimulationLoading() {
  return <p className="p-4 text-ink-muted">Loading the simulation…</p>;
}
