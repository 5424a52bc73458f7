import type { SellerHistory } from '@bazaar/common/moderation';
import { Ban } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { formatAccountAge } from '../account-age';

/** What a moderator weighs of a person in the queue: their account's age, ads and reports. */
export function AccountHistory({ person }: { person: SellerHistory }) {
  return (
    <>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">Account</dt>
        <dd>{formatAccountAge(person.created_at)}</dd>
        <dt className="text-muted-foreground">Ads</dt>
        <dd>{person.ad_count}</dd>
        <dt className="text-muted-foreground">Reports on ads</dt>
        <dd>{person.report_count}</dd>
        <dt className="text-muted-foreground">Reports in messages</dt>
        <dd>{person.conversation_report_count}</dd>
      </dl>
      {person.suspended ? (
        <Badge variant="destructive" className="mt-2">
          <Ban /> Suspended
        </Badge>
      ) : null}
    </>
  );
}
