import { isStaff } from '@bazaar/common/roles';
import { ClipboardList, ShieldAlert, ShieldCheck, Users } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { Badge } from '../../components/ui/badge';
import { GateCard } from '../../components/gate-card';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { usePageMeta } from '../../lib/page-meta';
import { useTabParam } from '../../lib/use-tab-param';
import type { CurrentUser } from '../auth/api';
import { useSignedInUser } from '../auth/require-sign-in';
import { AuditTab } from './audit-tab';
import { QueueTab } from './queue-tab';
import { UsersTab } from './users-tab';

const ADMIN_TABS = ['queue', 'users', 'audit'] as const;

/**
 * /admin, the moderation console (issue 13): the queue, users and the audit log, for
 * moderators and admins. The router's sign-in gate answers a signed-out visitor; other
 * signed-in people get 'Access Denied', and the server refuses them as well.
 */
export function AdminPage() {
  usePageMeta('Moderation', 'Reported and flagged ads, accounts and the audit log of Bazaar’s moderators.');
  const currentUser = useSignedInUser();
  if (!isStaff(currentUser.user.role)) return <AccessDenied />;
  return <Console currentUser={currentUser} />;
}

function AccessDenied() {
  return (
    <div className="px-4 py-16">
      <GateCard
        icon={<ShieldAlert aria-hidden="true" />}
        title="Access Denied"
        text="Only moderators and admins can open the moderation console."
      >
        <Button asChild>
          <Link to={paths.home}>Go Home</Link>
        </Button>
      </GateCard>
    </div>
  );
}

function Console({ currentUser }: { currentUser: CurrentUser }) {
  const [tab, selectTab] = useTabParam(ADMIN_TABS, 'queue');
  const role = currentUser.user.role;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <header className="flex flex-wrap items-center gap-3">
        <ShieldCheck className="size-8 text-primary" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Moderation</h1>
        <Badge variant="secondary" className="capitalize">
          {role}
        </Badge>
      </header>
      <Tabs value={tab} onValueChange={selectTab} className="mt-6">
        <TabsList aria-label="Console sections">
          <TabsTrigger value="queue">
            <ShieldAlert aria-hidden="true" /> Queue
          </TabsTrigger>
          <TabsTrigger value="users">
            <Users aria-hidden="true" /> Users
          </TabsTrigger>
          <TabsTrigger value="audit">
            <ClipboardList aria-hidden="true" /> Audit log
          </TabsTrigger>
        </TabsList>
        <TabsContent value="queue">
          <QueueTab />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab isAdmin={role === 'admin'} currentUserId={currentUser.user.id} />
        </TabsContent>
        <TabsContent value="audit">
          <AuditTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
