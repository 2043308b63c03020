/** Where the clipboard is not available: the link in a field, selected on focus, to copy by hand. */
export function ManualCopy({ id, link }: { id: string; link: string }) {
  return (
    <div className="basis-full">
      <label htmlFor={id} className="text-sm">
        The clipboard is not available here. Copy this link:
      </label>
      <input
        id={id}
        readOnly
        value={link}
        onFocus={(event) => event.target.select()}
        autoFocus
        className="mt-1 w-full rounded-md border border-line bg-page px-2 py-1.5 font-mono text-xs"
      />
    </div>
  );
}
