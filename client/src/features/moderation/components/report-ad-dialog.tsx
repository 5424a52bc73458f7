import {
  AD_REPORT_DETAILS_MAX_LENGTH,
  adReportReasonLabels,
  adReportReasonSchema,
  type AdReportReason,
} from '@bazaar/common/moderation';
import { useId, useState } from 'react';
import { ActionDialog } from '../../../components/action-dialog';
import { CountedTextarea } from '../../../components/counted-textarea';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { useMyAdReport, useReportAd } from '../api';

/** What a refused report says: already reported (409) and too many reports (429) have titles of their own. */
function reportErrorToast(error: Error) {
  const status = error instanceof ApiError ? error.status : 0;
  const title = status === 409 ? 'Already Reported' : status === 429 ? 'Too Many Reports' : 'Report Not Sent';
  toast({ title, description: error.message, variant: 'destructive' });
}

/**
 * ReportAdButton's dialog, open while shown; each opening starts with no reason chosen. A person whose earlier report
 * still waits for the moderators is told so, instead of filling the form in to be refused.
 */
export function ReportAdDialog({
  adId,
  title,
  onOpenChange,
}: {
  adId: string;
  title: string;
  onOpenChange: (open: boolean) => void;
}) {
  const [reason, setReason] = useState<AdReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [isReasonMissing, setReasonMissing] = useState(false);
  const report = useReportAd(adId);
  const myReport = useMyAdReport(adId);
  const ids = useId();

  function submit() {
    if (!reason) {
      setReasonMissing(true);
      return;
    }
    const trimmed = details.trim();
    report.mutate(
      { reason, ...(trimmed ? { details: trimmed } : {}) },
      {
        onSuccess: () => {
          onOpenChange(false);
          toast({
            title: 'Thank You for Your Report',
            description: 'Our moderators will review this ad.',
            variant: 'success',
          });
        },
        onError: reportErrorToast,
      },
    );
  }

  if (myReport.data?.open && !report.isSuccess) {
    return (
      <ActionDialog
        open
        onOpenChange={onOpenChange}
        title="Already Reported"
        description={
          <>
            You have reported “{title}” already. Our moderators will review it; once they have decided, you
            can report it again.
          </>
        }
        cancelLabel="OK"
      />
    );
  }

  return (
    <ActionDialog
      open
      onOpenChange={onOpenChange}
      onSubmit={submit}
      title="Report this ad"
      description={
        <>Tell our moderators what is wrong with “{title}”. The seller is not told who reported it.</>
      }
      cancelLabel="Cancel"
      action={{
        label: 'Submit Report',
        pendingLabel: 'Submitting...',
        isPending: report.isPending,
        variant: 'destructive',
      }}
    >
      <fieldset className="grid gap-2" aria-describedby={isReasonMissing ? `${ids}-reason-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">Reason</legend>
        {adReportReasonSchema.options.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent"
          >
            <input
              type="radio"
              name={`${ids}-reason`}
              value={option}
              checked={reason === option}
              onChange={() => {
                setReason(option);
                setReasonMissing(false);
              }}
              className="size-4 accent-primary"
            />
            {adReportReasonLabels[option]}
          </label>
        ))}
        {isReasonMissing ? (
          <p id={`${ids}-reason-error`} role="alert" className="text-sm text-destructive">
            Please choose a reason.
          </p>
        ) : null}
      </fieldset>
      <CountedTextarea
        id={`${ids}-details`}
        label="Details (optional)"
        maxLength={AD_REPORT_DETAILS_MAX_LENGTH}
        placeholder="What makes this ad suspicious or wrong?"
        value={details}
        onChange={(event) => setDetails(event.target.value)}
      />
    </ActionDialog>
  );
}
