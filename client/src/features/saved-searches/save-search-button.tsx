import type { AdSearchCriteria } from '@bazaar/common/search-criteria';
import { BellPlus } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Button } from '../../components/ui/button';
import { useCurrentUser } from '../auth/api';
import { useRequireSignIn } from '../auth/use-require-sign-in';
import { lazyComponent } from '../../lib/lazy-component';

// Opened after a press, by those signed in: the dialog's code is not in the first load.
const SaveSearchDialog = lazyComponent(async () => (await import('./save-search-dialog')).SaveSearchDialog);

export const SAVE_SEARCH_SIGN_IN_REASON = 'Please login to save a search.';

/**
 * Save search (issue 14), on /search and category pages: stores the criteria shown under a
 * name the person chooses, with Instant alerts. Shown to everyone, as Report is: appearing
 * once the browser knows who is there, it pushed a phone's results down a row (issue 15).
 * Disabled until then; signed out, 'Login Required' and /login, back here after.
 */
export function SaveSearchButton({
  criteria,
  categoryName,
}: {
  criteria: AdSearchCriteria;
  categoryName?: string;
}) {
  const { isPending: isSessionPending } = useCurrentUser();
  const requireSignIn = useRequireSignIn();
  const [isOpen, setOpen] = useState(false);

  function open() {
    if (!requireSignIn(SAVE_SEARCH_SIGN_IN_REASON, { redirectToLogin: true, returnHere: true })) return;
    setOpen(true);
  }

  return (
    <>
      <Button variant="outline" onClick={open} disabled={isSessionPending}>
        <BellPlus /> Save search
      </Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <SaveSearchDialog criteria={criteria} categoryName={categoryName} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
