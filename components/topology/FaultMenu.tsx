"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { formatClock } from "@/lib/sim/format";
import { faultAt, faultFromSeconds, type FaultField, type InjectableFault } from "@/lib/scenario/faultEdits";
import type { Scenario } from "@/lib/sim/scenario";
import { primaryButton, secondaryButton } from "@/components/ui/button";
import type { FaultTarget } from "./context";

type InputFault = NonNullable<Scenario["faults"]>[number];
type FormKind = "pause" | "clock-jump" | "partition" | "delay";

interface Item {
  label: string;
  /** A form asks for an amount first; a fault adds at once. */
  form?: FormKind;
  fault?: InjectableFault;
}

function itemsFor(target: FaultTarget): Item[] {
  if (target.kind === "link")
    return [
      { label: "Partition for…", form: "partition" },
      { label: "Delay next message…", form: "delay" },
    ];
  const items: Item[] = [{ label: "Pause for…", form: "pause" }];
  // Storage cannot crash in this model (the engine refuses it).
  if (target.id !== "storage") items.push({ label: "Crash", fault: { kind: "crash", target: target.id } });
  items.push({ label: "Clock jump…", form: "clock-jump" });
  return items;
}

export const targetName = (target: FaultTarget) =>
  target.kind === "process" ? target.id : `the link ${target.client} – ${target.other}`;

/**
 * The fault menu of a process or a link, at the playhead's moment. A menu (arrow keys, Home,
 * End, Escape) whose items either add the fault at once or ask for its amount in a short form.
 */
export function FaultMenu({
  target,
  t,
  onInject,
  onClose,
}: {
  target: FaultTarget;
  t: number;
  onInject: (fault: InputFault) => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState<FormKind | null>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const items = itemsFor(target);
  const title = `Inject a fault on ${targetName(target)} at ${formatClock(t)}`;

  useEffect(() => {
    if (form === null) menuRef.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus();
  }, [form]);

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(menuRef.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? [])];
    const i = buttons.indexOf(document.activeElement as HTMLElement);
    const go = (j: number) => buttons[(j + buttons.length) % buttons.length]?.focus();
    if (event.key === "ArrowDown") go(i + 1);
    else if (event.key === "ArrowUp") go(i - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(buttons.length - 1);
    else if (event.key === "Escape" || event.key === "Tab") onClose();
    else return;
    event.preventDefault();
  };

  return (
    <div
      className="w-64 rounded-lg border border-line bg-page p-2 shadow-lg"
      onKeyDown={(e) => e.key === "Escape" && (e.preventDefault(), onClose())}
    >
      <p className="px-2 pt-1 pb-2 text-xs font-semibold text-ink-muted">{title}</p>
      {form === null ? (
        <div ref={menuRef} role="menu" aria-label={title} onKeyDown={onMenuKey}>
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="block w-full rounded-md px-2 py-1.5 text-left text-sm font-medium hover:bg-surface focus-visible:bg-surface"
              onClick={() => (item.form ? setForm(item.form) : item.fault && onInject(faultAt(item.fault, t)))}
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : (
        <AmountForm kind={form} target={target} t={t} onInject={onInject} onCancel={onClose} />
      )}
    </div>
  );
}

const forms: Record<FormKind, { field: FaultField; label: string; initial: string; submit: string }> = {
  pause: { field: "forMs", label: "Pause length (seconds)", initial: "15", submit: "Add pause" },
  "clock-jump": {
    field: "byMs",
    label: "Jump by (seconds; negative goes back)",
    initial: "5",
    submit: "Add clock jump",
  },
  partition: { field: "forMs", label: "Partition length (seconds)", initial: "10", submit: "Add partition" },
  delay: { field: "byMs", label: "Delay (seconds)", initial: "5", submit: "Add delay" },
};

function AmountForm({
  kind,
  target,
  t,
  onInject,
  onCancel,
}: {
  kind: FormKind;
  target: FaultTarget;
  t: number;
  onInject: (fault: InputFault) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const spec = forms[kind];
  const [amount, setAmount] = useState(spec.initial);
  const [outbound, setOutbound] = useState(true);
  const [errors, setErrors] = useState<string[]>([]);

  const draft = (): InjectableFault => {
    if (target.kind === "process")
      return kind === "pause"
        ? { kind, target: target.id, forMs: 1 }
        : { kind: "clock-jump", target: target.id, byMs: 0 };
    if (kind === "partition") return { kind, between: [target.client, target.other], forMs: 1 };
    const [from, to] = outbound ? [target.client, target.other] : [target.other, target.client];
    return { kind: "delay", from, to, byMs: 1 };
  };

  return (
    <form
      aria-label={`${spec.submit} on ${targetName(target)}`}
      className="space-y-2 px-2 pb-1"
      onSubmit={(event) => {
        event.preventDefault();
        const read = faultFromSeconds(faultAt(draft(), t), { [spec.field]: amount });
        if (read.ok) onInject(read.fault);
        else setErrors(read.errors.map((error) => error.text));
      }}
    >
      {kind === "delay" && target.kind === "link" && (
        <label className="block text-sm">
          <span className="font-medium">Direction</span>
          <select
            className="mt-1 block w-full rounded-md border border-line bg-page px-2 py-1.5"
            value={outbound ? "out" : "in"}
            onChange={(e) => setOutbound(e.target.value === "out")}
          >
            <option value="out">
              {target.client} → {target.other}
            </option>
            <option value="in">
              {target.other} → {target.client}
            </option>
          </select>
        </label>
      )}
      <label className="block text-sm" htmlFor={`${id}-amount`}>
        <span className="font-medium">{spec.label}</span>
      </label>
      <input
        id={`${id}-amount`}
        // The form replaces the menu item that opened it: focus must land in it.
        autoFocus
        inputMode="decimal"
        className="block w-full rounded-md border border-line bg-page px-2 py-1.5 tabular-nums"
        value={amount}
        aria-invalid={errors.length > 0}
        aria-describedby={errors.length ? `${id}-errors` : undefined}
        onChange={(e) => setAmount(e.target.value)}
      />
      {errors.length > 0 && (
        <p id={`${id}-errors`} role="alert" className="text-sm font-medium text-danger-ink">
          {errors.join(" ")}
        </p>
      )}
      <div className="flex gap-2 pt-1">
        <button type="submit" className={primaryButton}>
          {spec.submit}
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
