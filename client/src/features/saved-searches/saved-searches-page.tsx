import { alertFrequencyLabels, alertFrequencySchema, type SavedSearch } from '@bazaar/common/saved-searches';
import { searchPagePath } from '@bazaar/common/search-criteria';
import { BellRing, Pencil, Play, Search, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { ActionDialog } from '../../components/action-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { formatDate } from '../../lib/format';
import { usePageMeta } from '../../lib/page-meta';
import { useCategories } from '../categories/api';
import { useDeleteSavedSearch, useMarkSavedSearchSeen, useSavedSearches, useUpdateSavedSearch } from './api';
import { describeCriteria } from './describe-criteria';
import { SavedSearchNameField } from './saved-search-name-field';

/**
 * /saved-searches (issue 14): the person's saved searches with how many new ads match each
 * since they last ran it; run, rename, delete, and how often alerts come.
 */
export function SavedSearchesPage() {
  usePageMeta('Saved searches', 'Your saved searches on Bazaar and their alerts.');
  const savedSearches = useSavedSearches();
  const list = savedSearches.data?.saved_searches ?? [];

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
        <BellRing className="size-6 text-primary" aria-hidden="true" /> Saved searches
      </h1>
      <p className="mt-1 text-muted-foreground">
        We tell you about new ads that match: at once, once a day, or not at all.
      </p>

      <div className="mt-6">
        {savedSearches.isPending ? (
          <div className="grid gap-4" aria-busy="true" aria-label="Loading your saved searches">
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} className="h-36 w-full rounded-xl" />
            ))}
          </div>
        ) : savedSearches.isError ? (
          <div role="alert" className="rounded-xl border border-destructive/40 bg-card p-6 text-center">
            <p className="font-semibold">Could not load your saved searches</p>
            <p className="mt-1 text-sm text-muted-foreground">{savedSearches.error.message}</p>
            <Button variant="outline" className="mt-4" onClick={() => void savedSearches.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.length === 0 ? (
          <NoSavedSearches />
        ) : (
          <ul className="grid gap-4">
            {list.map((savedSearch) => (
              <li key={savedSearch.id}>
                <SavedSearchCard savedSearch={savedSearch} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function SavedSearchCard({ savedSearch }: { savedSearch: SavedSearch }) {
  const categories = useCategories();
  const categoryName = categories.data?.find(
    (category) => category.id === savedSearch.criteria.category,
  )?.name;
  const summary = describeCriteria(savedSearch.criteria, categoryName);
  const markSeen = useMarkSavedSearchSeen();
  const update = useUpdateSavedSearch();
  const navigate = useNavigate();
  const frequencyId = useId();
  const searchUrl = searchPagePath(paths.search(), savedSearch.criteria);
  const newCount = savedSearch.is_new_count_capped
    ? `${savedSearch.new_count}+`
    : String(savedSearch.new_count);

  function run() {
    // The count resets whether or not the request lands first: the search opens at once.
    markSeen.mutate(savedSearch.id);
    void navigate(searchUrl);
  }

  function changeFrequency(value: string) {
    const frequency = alertFrequencySchema.parse(value);
    update.mutate(
      { id: savedSearch.id, frequency },
      {
        onSuccess: () =>
          toast({
            title: 'Alerts updated',
            description: `Alerts for “${savedSearch.name}”: ${alertFrequencyLabels[frequency]}.`,
          }),
        onError: (error) =>
          toast({ title: 'Could not change alerts', description: error.message, variant: 'destructive' }),
      },
    );
  }

  return (
    <article className="rounded-xl border bg-card p-4 text-card-foreground sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
            <span className="break-words">{savedSearch.name}</span>
            {savedSearch.new_count > 0 ? <Badge>{newCount} new</Badge> : null}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {summary.length > 0 ? summary.join(' · ') : 'All ads'}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">
            Saved <time dateTime={savedSearch.created_at}>{formatDate(savedSearch.created_at)}</time>
          </p>
        </div>
        <div className="grid w-full gap-1.5 sm:w-40">
          <Label htmlFor={frequencyId}>Alerts</Label>
          <Select
            id={frequencyId}
            aria-label={`Alerts for ${savedSearch.name}`}
            value={savedSearch.frequency}
            onChange={(event) => changeFrequency(event.target.value)}
            disabled={update.isPending}
          >
            {alertFrequencySchema.options.map((frequency) => (
              <option key={frequency} value={frequency}>
                {alertFrequencyLabels[frequency]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button size="sm" onClick={run} aria-label={`Run ${savedSearch.name}`}>
          <Play /> Run
        </Button>
        <RenameButton savedSearch={savedSearch} />
        <DeleteButton savedSearch={savedSearch} />
      </div>
    </article>
  );
}

function RenameButton({ savedSearch }: { savedSearch: SavedSearch }) {
  const [isOpen, setOpen] = useState(false);
  const [name, setName] = useState(savedSearch.name);
  const update = useUpdateSavedSearch();

  function open(next: boolean) {
    if (next) {
      setName(savedSearch.name);
      update.reset();
    }
    setOpen(next);
  }

  return (
    <ActionDialog
      open={isOpen}
      onOpenChange={open}
      trigger={
        <Button size="sm" variant="outline" aria-label={`Rename ${savedSearch.name}`}>
          <Pencil /> Rename
        </Button>
      }
      title="Rename saved search"
      description="The name shows on this page, in notifications and in alert e-mails."
      error={update.error?.message}
      cancelLabel="Cancel"
      action={{ label: 'Save', pendingLabel: 'Saving...', isPending: update.isPending }}
      onSubmit={() =>
        update.mutate(
          { id: savedSearch.id, name },
          {
            onSuccess: () => {
              setOpen(false);
              toast({ title: 'Saved search renamed', variant: 'success' });
            },
          },
        )
      }
    >
      <SavedSearchNameField value={name} onChange={setName} />
    </ActionDialog>
  );
}

function DeleteButton({ savedSearch }: { savedSearch: SavedSearch }) {
  const [isOpen, setOpen] = useState(false);
  const remove = useDeleteSavedSearch();

  return (
    <ActionDialog
      open={isOpen}
      onOpenChange={setOpen}
      trigger={
        <Button
          size="sm"
          variant="outline"
          className="text-destructive hover:text-destructive"
          aria-label={`Delete ${savedSearch.name}`}
        >
          <Trash2 /> Delete
        </Button>
      }
      title="Delete this saved search?"
      description={<>“{savedSearch.name}” and its alerts will be removed.</>}
      cancelLabel="Cancel"
      action={{
        label: 'Delete',
        pendingLabel: 'Deleting...',
        isPending: remove.isPending,
        variant: 'destructive',
        onClick: () =>
          remove.mutate(savedSearch.id, {
            onSuccess: () => {
              setOpen(false);
              toast({ title: 'Saved search deleted', description: `“${savedSearch.name}” was removed.` });
            },
            onError: (error) =>
              toast({ title: 'Could not delete', description: error.message, variant: 'destructive' }),
          }),
      }}
    />
  );
}

function NoSavedSearches() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border bg-card px-4 py-16 text-center">
      <Search className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">No saved searches yet</h2>
      <p className="max-w-sm text-muted-foreground">
        Search or open a category, then press “Save search” to hear about new ads that match.
      </p>
      <Button asChild>
        <Link to={paths.search()}>Search ads</Link>
      </Button>
    </div>
  );
}
