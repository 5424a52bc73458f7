import type { AdSearchCriteria } from '@bazaar/common/ads';
import { BellPlus } from 'lucide-react';
import { useState } from 'react';
import { ActionDialog } from '../../components/action-dialog';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { useCurrentUser } from '../auth/api';
import { useRequireSignIn } from '../auth/use-require-sign-in';
import { useSaveSearch } from './api';
import { defaultSearchName, describeCriteria } from './describe-criteria';
import { SavedSearchNameField } from './saved-search-name-field';

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
  const [name, setName] = useState('');
  const save = useSaveSearch();

  function open(next: boolean) {
    if (next) {
      if (!requireSignIn(SAVE_SEARCH_SIGN_IN_REASON, { redirectToLogin: true, returnHere: true })) return;
      setName(defaultSearchName(criteria, categoryName));
      save.reset();
    }
    setOpen(next);
  }

  function submit() {
    save.mutate(
      { name, criteria, frequency: 'instant' },
      {
        onSuccess: (saved) => {
          setOpen(false);
          toast({
            title: 'Search saved',
            description: `“${saved.name}” is in your saved searches. We'll tell you about new ads that match.`,
            variant: 'success',
          });
        },
      },
    );
  }

  const summary = describeCriteria(criteria, categoryName);
  return (
    <>
      <Button variant="outline" onClick={() => open(true)} disabled={isSessionPending}>
        <BellPlus /> Save search
      </Button>
      <ActionDialog
        open={isOpen}
        onOpenChange={open}
        title="Save this search"
        description={
          summary.length > 0
            ? `New ads matching ${summary.join(' · ')} will be announced in your notifications and by e-mail.`
            : 'New ads will be announced in your notifications and by e-mail.'
        }
        error={save.error?.message}
        cancelLabel="Cancel"
        action={{ label: 'Save search', pendingLabel: 'Saving...', isPending: save.isPending }}
        onSubmit={submit}
      >
        <SavedSearchNameField value={name} onChange={setName} />
      </ActionDialog>
    </>
  );
}
