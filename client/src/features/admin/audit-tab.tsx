import { auditActionLabels, type AuditEntry } from '@bazaar/common/moderation';
import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { formatDateTime } from '../../lib/format';
import { useAuditLog } from './api';
import { EmptyList, ListPlaceholder, LoadMore } from './components/list-states';

/** Every staff action, newest first, searchable: who, what, when and why. */
export function AuditTab() {
  const [query, setQuery] = useState('');
  const [draft, setDraft] = useState('');
  const audit = useAuditLog(query);
  const searchId = useId();

  function search(event: FormEvent) {
    event.preventDefault();
    setQuery(draft.trim());
  }

  const items = audit.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-label="Audit log" className="grid gap-4">
      <form role="search" aria-label="Audit log" onSubmit={search} className="flex max-w-xl items-end gap-2">
        <div className="grid flex-1 gap-2">
          <Label htmlFor={searchId}>Search the audit log</Label>
          <Input
            id={searchId}
            type="search"
            placeholder="Moderator, action, ad, user or reason"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <Button type="submit">
          <Search /> Search
        </Button>
      </form>
      {!audit.data ? (
        <ListPlaceholder label="the audit log" error={audit.error} onRetry={() => void audit.refetch()} />
      ) : items.length === 0 ? (
        <EmptyList title="No entries">
          {query ? `Nothing in the log matches “${query}”.` : 'Staff actions will be recorded here.'}
        </EmptyList>
      ) : (
        <>
          <ol className="divide-y rounded-xl border bg-card shadow-sm">
            {items.map((entry) => (
              <li key={entry.id}>
                <AuditRow entry={entry} />
              </li>
            ))}
          </ol>
          <LoadMore
            hasNextPage={audit.hasNextPage}
            isFetchingNextPage={audit.isFetchingNextPage}
            onLoadMore={() => void audit.fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const who = entry.actor ? entry.actor.name || entry.actor.email : 'Deleted account';
  return (
    <div className="grid gap-1 p-4 text-sm sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
      <time dateTime={entry.created_at} className="text-muted-foreground">
        {formatDateTime(entry.created_at)}
      </time>
      <div className="min-w-0">
        <p className="break-words">
          <span className="font-semibold">{who}</span> · {auditActionLabels[entry.action]}{' '}
          {entry.target_type === 'ad' ? (
            <Link to={paths.ad(entry.target_id)} className="font-medium text-primary hover:underline">
              {entry.target_label}
            </Link>
          ) : (
            <span className="font-medium">{entry.target_label}</span>
          )}
        </p>
        {entry.reason ? (
          <p className="mt-1 break-words text-muted-foreground">Reason: {entry.reason}</p>
        ) : null}
      </div>
    </div>
  );
}
