/** A form's buttons: submit (its label while busy) and, in dialogs, Cancel. */
export function FormActions({
  label,
  busyLabel,
  busy,
  disabled = false,
  tone = 'primary',
  onCancel,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  disabled?: boolean;
  /** `danger` for what cannot be undone; `plain` for a secondary form. */
  tone?: 'primary' | 'danger' | 'plain';
  onCancel?: () => void;
}) {
  const className = tone === 'primary' ? 'primary' : tone === 'danger' ? 'danger-button primary-danger' : undefined;
  return (
    <div className="actions">
      <button type="submit" className={className} disabled={disabled || busy}>
        {busy ? busyLabel : label}
      </button>
      {onCancel !== undefined && (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}
