import type { SellerStatsResponse } from '@bazaar/common/sellers';
import { Progress } from '../../../components/ui/progress';
import { formatNumber } from '../../../lib/format';

/** Progress toward the next engagement milestone (spec §2: 500 points, capped at 100 %). */
export function EngagementProgress({ engagement }: { engagement: SellerStatsResponse['engagement'] }) {
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">Engagement Progress</span>
        <span className="text-muted-foreground">
          {formatNumber(engagement.score)} / {formatNumber(engagement.milestone)} points
        </span>
      </div>
      <Progress
        value={engagement.progress_percent}
        aria-label="Engagement progress toward the next milestone"
      />
      <p className="text-sm text-muted-foreground">
        {engagement.points_to_go > 0
          ? `Next milestone: ${formatNumber(engagement.points_to_go)} points to go`
          : `Milestone reached: ${formatNumber(engagement.milestone)} points`}
      </p>
    </div>
  );
}
