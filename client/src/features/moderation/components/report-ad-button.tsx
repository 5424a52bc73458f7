import { Flag } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { lazyComponent } from '../../../lib/lazy-component';
import { useRequireSignIn } from '../../auth/use-require-sign-in';

// Opened after a press, by those signed in: the dialog's code (and the form's) is not in the ad page's first load.
const ReportAdDialog = lazyComponent(async () => (await import('./report-ad-dialog')).ReportAdDialog);

export const REPORT_SIGN_IN_REASON = 'Please login to report an advertisement.';

/**
 * The ad page's Report (issue 13). Signed out: 'Login Required' and /login, back here after.
 * Signed in: a dialog with the reason and optional details, then a thank-you.
 */
export function ReportAdButton({
  adId,
  title,
  disabled = false,
}: {
  adId: string;
  title: string;
  /** While the page does not know yet who is there. */
  disabled?: boolean;
}) {
  const requireSignIn = useRequireSignIn();
  const [isOpen, setOpen] = useState(false);

  function open() {
    if (requireSignIn(REPORT_SIGN_IN_REASON, { redirectToLogin: true, returnHere: true })) setOpen(true);
  }

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={open}
        disabled={disabled}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
      >
        <Flag /> Report
      </Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <ReportAdDialog adId={adId} title={title} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
