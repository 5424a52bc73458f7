import type { SellerStatsResponse } from '@bazaar/common/sellers';
import { Progress } from '../../../components/ui/progress';

/** Progress toward the next engagement milestone (spec §2: 500 points, capped at 100 %). */
export function EngagementProgress({ engagement }: { engagement: SellerStatsResponse['engagement'] }) {
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">Engagement Progress</span>
        <span className="text-muted-foreground">
          {engagement.score.toLocaleString('en-US')} / {engagement.milestone.toLocaleString('en-US')} points
        </span>
      </div>
      <Progress
        value={engagement.progress_percent}
        aria-label="Engagement progress toward the next milestone"
      />
      <p className="text-sm text-muted-foreground">
        {engagement.points_to_go > 0
          ? `Next milestone: ${engagement.points_to_go.toLocaleString('en-US')} points to go`
          : `Milestone reached: ${engagement.milestone.toLocaleString('en-US')} points`}
      </p>
    </div>
  );
}
