import type { MyAdSummary } from '@bazaar/common/ads';
import { Clock, EyeOff, RotateCcw } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { useRequestReview } from '../api';

/**
 * What the owner sees of moderation on one of their ads (issue 13): "Under review" while it
 * waits for a moderator; "Hidden" with the moderator's reason and Request review once edited.
 * An ad the owner hid themselves shows only the badge.
 */
export function AdModerationNotice({
  ad,
}: {
  ad: Pick<MyAdSummary, 'id' | 'title' | 'status' | 'moderation'>;
}) {
  if (ad.status === 'pending') {
    return (
      <div className="grid gap-1">
        <Badge variant="secondary">
          <Clock /> Under review
        </Badge>
        <p className="text-xs text-muted-foreground">A moderator checks this ad before buyers can see it.</p>
      </div>
    );
  }
  if (ad.status !== 'hidden') return null;
  const hiddenReason = ad.moderation?.hidden_reason ?? null;
  if (hiddenReason === null) {
    return (
      <Badge variant="secondary" title="Buyers cannot see this ad">
        <EyeOff /> Hidden
      </Badge>
    );
  }
  return (
    <div
      className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3"
      role="group"
      aria-label={`Moderation of ${ad.title}`}
    >
      <Badge variant="destructive">
        <EyeOff /> Hidden
      </Badge>
      <p className="text-sm break-words">
        <span className="font-medium">Reason: </span>
        {hiddenReason}
      </p>
      {ad.moderation?.review_requested ? (
        <p className="text-xs text-muted-foreground">Review requested: a moderator will look at it again.</p>
      ) : (
        <RequestReview adId={ad.id} title={ad.title} />
      )}
    </div>
  );
}

function RequestReview({ adId, title }: { adId: string; title: string }) {
  const requestReview = useRequestReview();
  function send() {
    requestReview.mutate(adId, {
      onSuccess: () =>
        toast({
          title: 'Review Requested',
          description: 'A moderator will look at your ad again.',
          variant: 'success',
        }),
      onError: (error) =>
        toast({ title: 'Review Not Requested', description: error.message, variant: 'destructive' }),
    });
  }
  return (
    <div className="grid gap-2">
      <p className="text-xs text-muted-foreground">Edit the ad to fix this, then ask for a review.</p>
      <Button size="sm" variant="outline" onClick={send} disabled={requestReview.isPending} className="w-fit">
        <RotateCcw /> Request review <span className="sr-only">of {title}</span>
      </Button>
    </div>
  );
}
