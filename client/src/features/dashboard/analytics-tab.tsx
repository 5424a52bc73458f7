import { ANALYTICS_DAYS_DEFAULT } from '@bazaar/common/constants';
import { Eye, Heart } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { LoadError } from '../profiles/components/load-error';
import { useSellerAnalytics } from './api';
import { ActivityChart } from './components/activity-chart';
import { formatNumber } from '../../lib/format';

/** The Analytics tab: the seller's views and likes over the last 30 days, from the server. */
export function AnalyticsTab() {
  const analytics = useSellerAnalytics(ANALYTICS_DAYS_DEFAULT);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Views and Likes</CardTitle>
        <CardDescription>
          Your ads over the last {ANALYTICS_DAYS_DEFAULT} days. Each viewer counts once a day; your own visits
          don&apos;t count.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {analytics.isPending ? (
          <Skeleton className="h-72 w-full" aria-label="Loading analytics" />
        ) : analytics.isError ? (
          <LoadError
            title="Error loading analytics"
            error={analytics.error}
            onRetry={() => void analytics.refetch()}
          />
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
              <div className="rounded-lg bg-muted/60 p-3">
                <dt className="flex items-center gap-1.5 text-sm text-muted-foreground">
                  <Eye className="size-4" aria-hidden="true" /> Views, {ANALYTICS_DAYS_DEFAULT} days
                </dt>
                <dd className="mt-1 text-2xl font-bold">{formatNumber(analytics.data.totals.views)}</dd>
              </div>
              <div className="rounded-lg bg-muted/60 p-3">
                <dt className="flex items-center gap-1.5 text-sm text-muted-foreground">
                  <Heart className="size-4" aria-hidden="true" /> Likes, {ANALYTICS_DAYS_DEFAULT} days
                </dt>
                <dd className="mt-1 text-2xl font-bold">{formatNumber(analytics.data.totals.likes)}</dd>
              </div>
            </dl>
            {analytics.data.totals.views + analytics.data.totals.likes === 0 ? (
              <p className="rounded-md bg-muted/60 px-3 py-2 text-sm text-muted-foreground">
                No views or likes in the last {ANALYTICS_DAYS_DEFAULT} days yet. They appear here as buyers
                find your ads.
              </p>
            ) : null}
            <ActivityChart days={analytics.data.days} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
