import { MODERATION_REASON_MAX_LENGTH } from '@bazaar/common/moderation';
import { useId, useState } from 'react';
import { ActionDialog } from '../../../components/action-dialog';
import { CountedTextarea } from '../../../components/counted-textarea';

export interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The field's label, saying who will read the reason. */
  label: string;
  confirmLabel: string;
  isPending: boolean;
  onConfirm: (reason: string) => void;
}

/**
 * Asks staff why before a decision someone else will read (hiding an ad, suspending an account).
 * Each opening starts with an empty reason.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  return props.open ? <ReasonForm {...props} /> : null;
}

function ReasonForm({
  title,
  description,
  label,
  confirmLabel,
  isPending,
  onConfirm,
  onOpenChange,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [isMissing, setMissing] = useState(false);
  const id = useId();

  function submit() {
    const trimmed = reason.trim();
    if (!trimmed) {
      setMissing(true);
      return;
    }
    onConfirm(trimmed);
  }

  return (
    <ActionDialog
      open
      onOpenChange={onOpenChange}
      onSubmit={submit}
      title={title}
      description={description}
      cancelLabel="Cancel"
      action={{ label: confirmLabel, isPending, variant: 'destructive' }}
    >
      <CountedTextarea
        id={`${id}-reason`}
        label={label}
        maxLength={MODERATION_REASON_MAX_LENGTH}
        value={reason}
        aria-invalid={isMissing || undefined}
        aria-describedby={isMissing ? `${id}-error` : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setMissing(false);
        }}
      />
      {isMissing ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          Please give a reason.
        </p>
      ) : null}
    </ActionDialog>
  );
}
