import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { ActionDialog } from '../../../components/action-dialog';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { useAdLifeAction } from '../api';
import type { LifeOfAd } from './ad-life-controls';

/** Mark as sold, after a confirmation: the ad leaves search and lists at once. */
export function MarkSoldButton({
  ad,
  onSold,
}: {
  ad: Pick<LifeOfAd, 'id' | 'title'>;
  /** Called once sold: the button leaves as the lists show the ad sold. */
  onSold: () => void;
}) {
  const [open, setOpen] = useState(false);
  const markSold = useAdLifeAction('sold');
  function confirm() {
    markSold.mutate(ad.id, {
      onSuccess: () => {
        setOpen(false);
        onSold();
        toast({
          title: 'Marked as Sold',
          description: 'Buyers no longer find it; its page says "Sold" for a week.',
          variant: 'success',
        });
      },
    });
  }
  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) markSold.reset();
        setOpen(next);
      }}
      trigger={
        <Button variant="outline" size="sm">
          <CircleCheck /> Mark as sold <span className="sr-only">{ad.title}</span>
        </Button>
      }
      title="Mark as sold?"
      description={`"${ad.title}" leaves search and lists at once. Its page says "Sold" for 7 days, then it is gone for buyers. This cannot be undone.`}
      error={markSold.error?.message ?? null}
      cancelLabel="Cancel"
      action={{
        label: 'Mark as sold',
        pendingLabel: 'Marking...',
        isPending: markSold.isPending,
        onClick: confirm,
      }}
    />
  );
}
