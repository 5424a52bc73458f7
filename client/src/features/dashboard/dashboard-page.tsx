import { Clock, Gift, Plus, Share2 } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { FacebookIcon, InstagramIcon, XBrandIcon } from '../../components/brand-icons';
import { showNotImplemented } from '../../components/not-implemented';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { usePageMeta } from '../../lib/page-meta';
import { useTabParam } from '../../lib/use-tab-param';
import type { CurrentUser } from '../auth/api';
import { useSignedInUser } from '../auth/require-sign-in';
import { SubscriptionBadge } from '../profiles/components/status-badges';
import { AnalyticsTab } from './analytics-tab';
import { OverviewTab } from './overview-tab';
import { SettingsTab } from './settings-tab';

const DASHBOARD_TABS = ['overview', 'analytics', 'social', 'settings'] as const;

/** /dashboard (spec §2): the seller's overview, analytics, social hub and settings. */
export function DashboardPage() {
  usePageMeta('Dashboard', 'Your ads, their views and likes, your plan and your settings on Bazaar.');
  return <SellerDashboard currentUser={useSignedInUser()} />;
}

function SellerDashboard({ currentUser }: { currentUser: CurrentUser }) {
  const [tab, selectTab] = useTabParam(DASHBOARD_TABS, 'overview');
  const { user } = currentUser;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
            Welcome back, {user.user_metadata.name || user.email}!
          </h1>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <SubscriptionBadge currentUser={currentUser} />
          </div>
        </div>
        <Button asChild size="lg" className="w-full sm:w-auto">
          <Link to={paths.postAd}>
            <Plus /> Post New Ad
          </Link>
        </Button>
      </header>

      {user.user_metadata.subscription_status !== 'active' ? <TrialBanner currentUser={currentUser} /> : null}

      <Tabs value={tab} onValueChange={selectTab} className="mt-6">
        <TabsList aria-label="Dashboard sections">
          <TabsTrigger value="overview" className="px-2 sm:px-3">
            Overview
          </TabsTrigger>
          <TabsTrigger value="analytics" className="px-2 sm:px-3">
            Analytics
          </TabsTrigger>
          <TabsTrigger value="social" className="px-2 sm:px-3">
            Social Hub
          </TabsTrigger>
          <TabsTrigger value="settings" className="px-2 sm:px-3">
            Settings
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab currentUser={currentUser} />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
        <TabsContent value="social">
          <SocialHub />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** Spec §2: for sellers without a running plan, what is left of the trial, or that it ended. */
function TrialBanner({ currentUser }: { currentUser: CurrentUser }) {
  const { trial_days_left: daysLeft, active_ads: activeAds, max_ads: maxAds } = currentUser.quota;
  const adsLeft = Math.max(0, maxAds - activeAds);
  if (daysLeft === 0) {
    return (
      <section
        aria-label="Trial status"
        className="mt-6 flex flex-col gap-4 rounded-xl border border-destructive/40 bg-destructive/5 p-5 sm:flex-row sm:items-center"
      >
        <Clock className="size-8 shrink-0 text-destructive" aria-hidden="true" />
        <div className="flex-1">
          <h2 className="text-lg font-semibold">Trial Expired</h2>
          <p className="text-sm text-muted-foreground">
            Your 14-day trial has ended. Your ads stay online; subscribe to a plan to post new ones.
          </p>
        </div>
        <Button asChild>
          <Link to={paths.subscription}>Subscribe</Link>
        </Button>
      </section>
    );
  }
  return (
    <section
      aria-label="Trial status"
      className="mt-6 flex flex-col gap-4 rounded-xl border border-primary/30 bg-accent/60 p-5 sm:flex-row sm:items-center"
    >
      <Gift className="size-8 shrink-0 text-primary" aria-hidden="true" />
      <div className="flex-1">
        <h2 className="text-lg font-semibold">
          Free Trial: {daysLeft} {daysLeft === 1 ? 'day' : 'days'} left
        </h2>
        <p className="text-sm text-muted-foreground">
          {adsLeft === 0
            ? 'You have used every ad your trial allows. Upgrade to post more.'
            : `You can post ${adsLeft} more ${adsLeft === 1 ? 'ad' : 'ads'} during your trial.`}
        </p>
      </div>
      <Button asChild>
        <Link to={paths.subscription}>Upgrade Now</Link>
      </Button>
    </section>
  );
}

function SocialHub() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Share2 className="size-5 text-primary" aria-hidden="true" /> Social Hub
        </CardTitle>
        <CardDescription>
          Connect your Facebook, Instagram and Twitter accounts to share new ads with your followers.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-4">
        <div className="flex gap-3 text-muted-foreground" aria-hidden="true">
          <FacebookIcon className="size-6" />
          <InstagramIcon className="size-6" />
          <XBrandIcon className="size-6" />
        </div>
        <Button onClick={showNotImplemented}>Connect Social Accounts</Button>
      </CardContent>
    </Card>
  );
}
