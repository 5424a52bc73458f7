import { BOOST_SCORE_POINTS } from '@bazaar/common/constants';
import { findPlan } from '@bazaar/common/plans';
import type { SellerStatsResponse } from '@bazaar/common/sellers';
import { ChevronRight, Eye, FileText, Heart, Sparkles, Zap, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Progress } from '../../components/ui/progress';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { cn } from '../../lib/cn';
import type { CurrentUser } from '../auth/api';
import { achievementsOf } from '../profiles/achievements';
import { useSellerStats } from '../profiles/api';
import { AchievementCard } from '../profiles/components/achievement-card';
import { EngagementProgress } from '../profiles/components/engagement-progress';
import { LoadError } from '../profiles/components/load-error';
import { SellerAdsGrid } from '../profiles/components/seller-ads-grid';
import { formatNumber } from '../../lib/format';

const DASHBOARD_ACHIEVEMENTS = 3;

/** The Overview tab (spec §2): four widgets and the seller's own ads. */
export function OverviewTab({ currentUser }: { currentUser: CurrentUser }) {
  const stats = useSellerStats(true);
  const data = stats.data;
  const failure =
    stats.isError && !data ? (
      <LoadError title="Error loading statistics" error={stats.error} onRetry={() => void stats.refetch()} />
    ) : null;

  return (
    <div className="grid gap-8">
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        <Widget title="Quick Stats">
          {failure ?? (data ? <QuickStats stats={data} /> : <Skeleton className="h-32" />)}
        </Widget>
        <Widget title="Engagement Score">
          {failure ??
            (data ? <EngagementScore engagement={data.engagement} /> : <Skeleton className="h-32" />)}
        </Widget>
        <Widget title="Subscription Status">
          <SubscriptionStatus currentUser={currentUser} />
        </Widget>
        <Widget
          title="Achievements"
          className="md:col-span-2 lg:col-span-3"
          action={
            <Link
              to={`${paths.profile}?tab=achievements`}
              className="flex items-center text-sm font-medium text-primary hover:underline"
            >
              All <span className="sr-only">achievements</span>
              <ChevronRight className="size-4" aria-hidden="true" />
            </Link>
          }
        >
          {failure ??
            (data ? (
              <ul className="grid gap-3 sm:grid-cols-3">
                {achievementsOf(data)
                  .slice(0, DASHBOARD_ACHIEVEMENTS)
                  .map((achievement) => (
                    <AchievementCard key={achievement.id} achievement={achievement} />
                  ))}
              </ul>
            ) : (
              <Skeleton className="h-32" />
            ))}
        </Widget>
      </div>

      <section aria-labelledby="my-advertisements">
        <h2 id="my-advertisements" className="mb-4 text-xl font-semibold">
          My Advertisements
        </h2>
        <SellerAdsGrid headingId="my-advertisements" />
      </section>
    </div>
  );
}

function Widget({
  title,
  action,
  className,
  children,
}: {
  title: string;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-label={title} className={cn('flex flex-col', className)}>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>{title}</CardTitle>
        {action}
      </CardHeader>
      <CardContent className="flex-1">{children}</CardContent>
    </Card>
  );
}

function QuickStats({ stats }: { stats: SellerStatsResponse }) {
  const figures: { label: string; value: number; Icon: LucideIcon }[] = [
    { label: 'Total Views', value: stats.total_views, Icon: Eye },
    { label: 'Total Likes', value: stats.total_likes, Icon: Heart },
    { label: 'Active Ads', value: stats.active_ads, Icon: FileText },
  ];
  return (
    <dl className="grid gap-3">
      {figures.map(({ label, value, Icon }) => (
        <div key={label} className="flex items-center justify-between gap-3">
          <dt className="flex items-center gap-2 text-sm text-muted-foreground">
            <Icon className="size-4" aria-hidden="true" /> {label}
          </dt>
          <dd className="text-xl font-bold tabular-nums">{formatNumber(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function EngagementScore({ engagement }: { engagement: SellerStatsResponse['engagement'] }) {
  // Spec §2: Boost Score only encourages; the score is the server's and does not change.
  function boost() {
    toast({
      title: 'Engagement Boosted!',
      description: `Keep it up: each new ad earns ${BOOST_SCORE_POINTS} points, each view 1 and each like 5.`,
      variant: 'success',
    });
  }
  return (
    <div className="grid gap-4">
      <p className="flex items-baseline gap-2">
        <Zap className="size-5 self-center text-primary" aria-hidden="true" />
        <span className="text-3xl font-bold tabular-nums">{formatNumber(engagement.score)}</span>
        <span className="text-sm text-muted-foreground">points</span>
      </p>
      <EngagementProgress engagement={engagement} />
      <Button variant="outline" size="sm" onClick={boost}>
        <Sparkles /> Boost Score
      </Button>
    </div>
  );
}

function SubscriptionStatus({ currentUser }: { currentUser: CurrentUser }) {
  const { subscription_status: status, subscription_plan: planId } = currentUser.user.user_metadata;
  const { active_ads: activeAds, max_ads: maxAds } = currentUser.quota;
  const planName = status === 'active' && planId ? (findPlan(planId)?.name ?? 'Subscribed') : 'Trial';
  return (
    <div className="grid gap-3">
      <p className="text-2xl font-bold">{planName}</p>
      <div className="grid gap-1.5">
        <div className="flex justify-between text-sm">
          <span className="text-muted-foreground">Ads used</span>
          <span className="font-medium tabular-nums">
            {activeAds} / {maxAds}
          </span>
        </div>
        <Progress value={(activeAds / Math.max(1, maxAds)) * 100} aria-label="Active ads used" />
      </div>
      <Link to={paths.subscription} className="text-sm font-medium text-primary hover:underline">
        {status === 'active' ? 'Manage plan' : 'See plans'}
      </Link>
    </div>
  );
}
