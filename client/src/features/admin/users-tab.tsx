import { reportReasonLabels } from '@bazaar/common/messaging';
import { adReportReasonLabels, type AdminUser } from '@bazaar/common/moderation';
import { Ban, ChevronDown, ChevronUp, RotateCcw, Search, ShieldCheck, ShieldOff } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../app/paths';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { formatDate } from '../../lib/format';
import { formatAccountAge } from './account-age';
import { actionFailed } from './action-failed';
import { adActionToasts, useAdAction, useAdminUser, useAdminUsers, useUserAction } from './api';
import { EmptyList, ListPlaceholder, LoadMore } from './components/list-states';
import { ReasonDialog } from './components/reason-dialog';

/**
 * Accounts by e-mail or name: their ads and reports, suspend / restore, and (admins) roles.
 * `?q=` in the address (the queue's "Open in Users") starts the search with it.
 */
export function UsersTab({ isAdmin, currentUserId }: { isAdmin: boolean; currentUserId: string }) {
  const [parameters] = useSearchParams();
  const [query, setQuery] = useState(() => parameters.get('q')?.trim() ?? '');
  const [draft, setDraft] = useState(query);
  const [openUserId, setOpenUserId] = useState<string | null>(null);
  const users = useAdminUsers(query);
  const searchId = useId();

  function search(event: FormEvent) {
    event.preventDefault();
    setQuery(draft.trim());
    setOpenUserId(null);
  }

  const items = users.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-label="Users" className="grid gap-4">
      <form role="search" aria-label="Users" onSubmit={search} className="flex max-w-xl items-end gap-2">
        <div className="grid flex-1 gap-2">
          <Label htmlFor={searchId}>Search users</Label>
          <Input
            id={searchId}
            type="search"
            placeholder="E-mail or name"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <Button type="submit">
          <Search /> Search
        </Button>
      </form>
      {!users.data ? (
        <ListPlaceholder label="users" error={users.error} onRetry={() => void users.refetch()} />
      ) : items.length === 0 ? (
        <EmptyList title="No users found">
          {query ? `No account's e-mail or name holds “${query}”.` : 'No accounts yet.'}
        </EmptyList>
      ) : (
        <>
          <ul className="grid gap-3">
            {items.map((user) => (
              <li key={user.id}>
                <UserRow
                  user={user}
                  isOpen={openUserId === user.id}
                  onToggle={() => setOpenUserId((open) => (open === user.id ? null : user.id))}
                  isAdmin={isAdmin}
                  isSelf={user.id === currentUserId}
                />
              </li>
            ))}
          </ul>
          <LoadMore
            hasNextPage={users.hasNextPage}
            isFetchingNextPage={users.isFetchingNextPage}
            onLoadMore={() => void users.fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}

function UserRow({
  user,
  isOpen,
  onToggle,
  isAdmin,
  isSelf,
}: {
  user: AdminUser;
  isOpen: boolean;
  onToggle: () => void;
  isAdmin: boolean;
  isSelf: boolean;
}) {
  const detailsId = `user-details-${user.id}`;
  return (
    <article aria-label={user.name || user.email} className="rounded-xl border bg-card shadow-sm">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            <span className="break-words">{user.name || user.email}</span>
            <RoleBadge user={user} />
          </p>
          <p className="text-sm break-all text-muted-foreground">{user.email}</p>
          <p className="mt-1 text-xs text-muted-foreground">
            Joined {formatDate(user.created_at)} ({formatAccountAge(user.created_at)}) · {user.ad_count}{' '}
            {user.ad_count === 1 ? 'ad' : 'ads'} · {user.report_count}{' '}
            {user.report_count === 1 ? 'report' : 'reports'} on ads · {user.conversation_report_count}{' '}
            {user.conversation_report_count === 1 ? 'report' : 'reports'} in messages
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={isOpen}
          aria-controls={detailsId}
          onClick={onToggle}
        >
          {isOpen ? <ChevronUp /> : <ChevronDown />} Details{' '}
          <span className="sr-only">of {user.name || user.email}</span>
        </Button>
      </div>
      {isOpen ? (
        <div id={detailsId} className="border-t p-4">
          <UserDetails user={user} isAdmin={isAdmin} isSelf={isSelf} />
        </div>
      ) : null}
    </article>
  );
}

function RoleBadge({ user }: { user: AdminUser }) {
  return (
    <>
      {user.role !== 'user' ? (
        <Badge variant="secondary" className="capitalize">
          {user.role}
        </Badge>
      ) : null}
      {user.suspended_at ? (
        <Badge variant="destructive">
          <Ban /> Suspended
        </Badge>
      ) : null}
    </>
  );
}

function UserDetails({ user, isAdmin, isSelf }: { user: AdminUser; isAdmin: boolean; isSelf: boolean }) {
  const detail = useAdminUser(user.id);
  const change = useUserAction(user.id);
  const [isSuspending, setSuspending] = useState(false);
  const name = user.name || user.email;

  function done(title: string, description: string) {
    setSuspending(false);
    toast({ title, description, variant: 'success' });
  }

  return (
    <div className="grid gap-5">
      {user.suspended_at ? (
        <p className="text-sm break-words">
          <span className="font-medium">Suspended {formatDate(user.suspended_at)}: </span>
          {user.suspended_reason}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {user.suspended_at ? (
          <Button
            size="sm"
            disabled={change.isPending}
            onClick={() =>
              change.mutate(
                { action: 'restore' },
                {
                  onSuccess: () => done('Account Restored', `${name} can sign in again.`),
                  onError: actionFailed,
                },
              )
            }
          >
            <RotateCcw /> Restore account
          </Button>
        ) : (
          <Button
            size="sm"
            variant="destructive"
            disabled={change.isPending || isSelf || user.role === 'admin'}
            onClick={() => setSuspending(true)}
          >
            <Ban /> Suspend
          </Button>
        )}
        {isAdmin && user.role !== 'admin' ? (
          user.role === 'moderator' ? (
            <Button
              size="sm"
              variant="outline"
              disabled={change.isPending}
              onClick={() =>
                change.mutate(
                  { role: 'user' },
                  {
                    onSuccess: () => done('Moderator Role Taken Back', `${name} is no longer a moderator.`),
                    onError: actionFailed,
                  },
                )
              }
            >
              <ShieldOff /> Take back moderator
            </Button>
          ) : (
            <Button
              size="sm"
              variant="outline"
              disabled={change.isPending || Boolean(user.suspended_at)}
              onClick={() =>
                change.mutate(
                  { role: 'moderator' },
                  {
                    onSuccess: () => done('Moderator Role Granted', `${name} can now moderate.`),
                    onError: actionFailed,
                  },
                )
              }
            >
              <ShieldCheck /> Make moderator
            </Button>
          )
        ) : null}
      </div>

      {detail.isPending ? (
        <Skeleton className="h-32" />
      ) : detail.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {detail.error.message}
        </p>
      ) : (
        <div className="grid gap-5 lg:grid-cols-2">
          <div>
            <h3 className="font-semibold">Ads ({detail.data.ads.length})</h3>
            {detail.data.ads.length === 0 ? (
              <p className="mt-1 text-sm text-muted-foreground">No ads.</p>
            ) : (
              <ul className="mt-2 grid gap-1.5 text-sm">
                {detail.data.ads.map((ad) => (
                  <li key={ad.id} className="flex flex-wrap items-center gap-2">
                    <Link
                      to={paths.ad(ad.id)}
                      className="min-w-0 font-medium break-words text-primary hover:underline"
                    >
                      {ad.title}
                    </Link>
                    {ad.status !== 'active' ? (
                      <Badge
                        variant={ad.status === 'hidden' ? 'destructive' : 'secondary'}
                        className="capitalize"
                      >
                        {ad.status}
                      </Badge>
                    ) : null}
                    {ad.open_reports > 0 ? (
                      <span className="text-muted-foreground">
                        {ad.open_reports} open {ad.open_reports === 1 ? 'report' : 'reports'}
                      </span>
                    ) : null}
                    {ad.status === 'hidden' ? <RestoreAdButton ad={ad} /> : null}
                  </li>
                ))}
              </ul>
            )}
          </div>
          {/* Beside a long list of ads, both kinds of reports stay in view. */}
          <div className="grid content-start gap-5">
            <ReportList
              title="Reports about their ads"
              reports={detail.data.reports}
              subject={(report) => (
                <>
                  <span className="font-medium">{adReportReasonLabels[report.reason]}</span> on{' '}
                  <Link to={paths.ad(report.ad_id)} className="text-primary hover:underline">
                    {report.ad_title}
                  </Link>
                </>
              )}
            />
            <ReportList
              title="Reports about their messages"
              reports={detail.data.conversation_reports}
              subject={(report) => (
                <>
                  <span className="font-medium">{reportReasonLabels[report.reason]}</span> in the conversation
                  about <span className="font-medium">{report.ad_title}</span>
                </>
              )}
            />
          </div>
        </div>
      )}

      <ReasonDialog
        open={isSuspending}
        onOpenChange={setSuspending}
        title="Suspend this account"
        description={`${name} is signed out everywhere, cannot sign in, and their ads leave public lists. The reports about them in conversations close.`}
        label="Reason for suspending"
        confirmLabel="Suspend Account"
        isPending={change.isPending}
        onConfirm={(reason) =>
          change.mutate(
            { action: 'suspend', reason },
            {
              onSuccess: () => done('Account Suspended', `${name} is signed out and cannot sign in.`),
              onError: actionFailed,
            },
          )
        }
      />
    </div>
  );
}

/**
 * A person's reports of one kind, newest first: what each was (`subject`), when, whether staff
 * closed it, and its details.
 */
function ReportList<
  Report extends { id: string; created_at: string; resolved_at: string | null; details: string | null },
>({ title, reports, subject }: { title: string; reports: Report[]; subject: (report: Report) => ReactNode }) {
  return (
    <div>
      <h3 className="font-semibold">
        {title} ({reports.length})
      </h3>
      {reports.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">No reports.</p>
      ) : (
        <ul className="mt-2 grid gap-2 text-sm">
          {reports.map((report) => (
            <li key={report.id} className="break-words">
              {subject(report)}{' '}
              <span className="text-muted-foreground">
                · {formatDate(report.created_at)} · {report.resolved_at ? 'closed' : 'open'}
              </span>
              {report.details ? <p className="text-muted-foreground">“{report.details}”</p> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Makes a hidden ad public again. The queue offers this once the owner asks for a review;
 * here staff can undo a hide of their own accord (a wrong one, say).
 */
function RestoreAdButton({ ad }: { ad: { id: string; title: string } }) {
  const adAction = useAdAction();
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={`Restore ${ad.title}`}
      disabled={adAction.isPending}
      onClick={() =>
        adAction.mutate(
          { adId: ad.id, action: 'restore' },
          {
            onSuccess: () =>
              toast({ title: adActionToasts.restore, description: ad.title, variant: 'success' }),
            onError: actionFailed,
          },
        )
      }
    >
      <RotateCcw /> Restore
    </Button>
  );
}
