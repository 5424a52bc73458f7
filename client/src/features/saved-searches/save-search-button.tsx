import type { AdSearchCriteria } from '@bazaar/common/ads';
import { BellPlus } from 'lucide-react';
import { useState } from 'react';
import { ActionDialog } from '../../components/action-dialog';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { useCurrentUser } from '../auth/api';
import { useSaveSearch } from './api';
import { defaultSearchName, describeCriteria } from './describe-criteria';
import { SavedSearchNameField } from './saved-search-name-field';

/**
 * Save search (issue 14), on /search and category pages for signed-in people: stores the
 * criteria shown under a name they choose, with Instant alerts.
 */
export function SaveSearchButton({
  criteria,
  categoryName,
}: {
  criteria: AdSearchCriteria;
  categoryName?: string;
}) {
  const user = useCurrentUser();
  const [isOpen, setOpen] = useState(false);
  const [name, setName] = useState('');
  const save = useSaveSearch();
  if (!user.data) return null;

  function open(next: boolean) {
    if (next) {
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
    <ActionDialog
      open={isOpen}
      onOpenChange={open}
      trigger={
        <Button variant="outline">
          <BellPlus /> Save search
        </Button>
      }
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
  );
}
