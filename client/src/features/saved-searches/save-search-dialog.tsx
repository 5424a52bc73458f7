import type { AdSearchCriteria } from '@bazaar/common/search-criteria';
import { useState } from 'react';
import { ActionDialog } from '../../components/action-dialog';
import { toast } from '../../components/ui/use-toast';
import { useSaveSearch } from './api';
import { defaultSearchName, describeCriteria } from './describe-criteria';
import { SavedSearchNameField } from './saved-search-name-field';

/** SaveSearchButton's dialog, loaded when it first opens: the name, then Save search. */
export function SaveSearchDialog({
  criteria,
  categoryName,
  onClose,
}: {
  criteria: AdSearchCriteria;
  categoryName?: string;
  onClose: () => void;
}) {
  const [name, setName] = useState(() => defaultSearchName(criteria, categoryName));
  const save = useSaveSearch();

  function submit() {
    save.mutate(
      { name, criteria, frequency: 'instant' },
      {
        onSuccess: (saved) => {
          onClose();
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
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
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
