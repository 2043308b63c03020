"use client";

import { useId } from "react";
import { SAFE_LINK_LENGTH } from "@/lib/scenario/url";
import { currentSearch } from "./useUrlSync";
import { useLabStores } from "./stores";
import { ManualCopy } from "@/components/ui/ManualCopy";
import { useCopyLink } from "@/components/ui/useCopyLink";
import { groupDigits } from "@/lib/sim/format";

/**
 * Copies a link to this exact scenario and playhead. Where the clipboard is refused, the link is
 * shown selected in a field, so it can still be copied by hand.
 */
export function CopyLinkButton() {
  const id = useId();
  const stores = useLabStores();
  const { state, copy } = useCopyLink(() => currentSearch(stores, { share: true }));

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={copy}
        className="rounded-md border border-line px-3 py-2 text-sm font-semibold hover:bg-surface"
      >
        Copy link
      </button>
      <span role="status" className="text-sm text-ink-muted">
        {state.status === "copied" ? "Link copied: it opens this scenario at this moment." : ""}
        {state.status !== "idle" && state.link.length > SAFE_LINK_LENGTH
          ? ` It is ${groupDigits(state.link.length)} characters long: some CDNs and proxies refuse links over ${groupDigits(SAFE_LINK_LENGTH)}, so it may not open everywhere.`
          : ""}
      </span>
      {state.status === "manual" && <ManualCopy id={id} link={state.link} />}
    </div>
  );
}
