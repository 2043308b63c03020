import { primaryButton, secondaryButton } from "@/components/ui/button";

/**
 * A form's submit button that becomes Cancel while its work runs. It is one button that changes
 * role, so focus stays on it; Cancel prevents the default, else the button, a submit button again
 * by the end of its own click, would submit the form.
 */
export function SubmitOrCancel({
  running,
  label,
  onCancel,
}: {
  running: boolean;
  label: string;
  onCancel: () => void;
}) {
  return running ? (
    <button
      type="button"
      onClick={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className={secondaryButton}
    >
      Cancel
    </button>
  ) : (
    <button type="submit" className={primaryButton}>
      {label}
    </button>
  );
}
