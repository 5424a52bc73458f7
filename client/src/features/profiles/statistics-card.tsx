import type { SellerStatsResponse } from '@bazaar/common/sellers';
import { DollarSign, Eye, FileText, Heart, type LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { formatNumber, formatPrice } from '../../lib/format';
import { EngagementProgress } from './components/engagement-progress';
import { LoadError } from './components/load-error';

/** The profile's statistics (spec §2): ads, views, likes, average price and engagement. */
export function StatisticsCard({
  stats,
  error,
  onRetry,
}: {
  stats: SellerStatsResponse | undefined;
  error: Error | null;
  onRetry: () => void;
}) {
  const figures: { label: string; value: string; Icon: LucideIcon }[] = stats
    ? [
        { label: 'Total Ads', value: formatNumber(stats.total_ads), Icon: FileText },
        { label: 'Total Views', value: formatNumber(stats.total_views), Icon: Eye },
        { label: 'Total Likes', value: formatNumber(stats.total_likes), Icon: Heart },
        // Spec §2: the average price in whole dollars.
        { label: 'Average Price', value: formatPrice(Math.round(stats.average_price)), Icon: DollarSign },
      ]
    : [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Statistics</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        {error && !stats ? (
          <LoadError title="Error loading statistics" error={error} onRetry={onRetry} />
        ) : null}
        {stats ? (
          <dl className="grid grid-cols-2 gap-3">
            {figures.map(({ label, value, Icon }) => (
              <div key={label} className="rounded-lg bg-muted/60 p-3">
                <dt className="flex items-center gap-1.5 text-sm text-muted-foreground">
                  <Icon className="size-4" aria-hidden="true" />
                  {label}
                </dt>
                <dd className="mt-1 text-2xl font-bold tracking-tight">{value}</dd>
              </div>
            ))}
          </dl>
        ) : error ? null : (
          <div className="grid grid-cols-2 gap-3" aria-busy="true" aria-label="Loading statistics">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-20" />
            ))}
          </div>
        )}
        {stats ? (
          <EngagementProgress engagement={stats.engagement} />
        ) : error ? null : (
          <Skeleton className="h-14" />
        )}
      </CardContent>
    </Card>
  );
}
