import type { AdDetail } from '@bazaar/common/ads';
import { ActionDialog } from '../../../components/action-dialog';
import { toast } from '../../../components/ui/use-toast';
import { formatDate } from '../../../lib/format';
import { useDeleteAd } from '../ad-actions';

/** DeleteAdButton's confirmation, open while shown. */
export function DeleteAdDialog({
  ad,
  onDeleted,
  onOpenChange,
}: {
  ad: Pick<AdDetail, 'id' | 'title' | 'featured_until'>;
  onDeleted?: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  const deleteAd = useDeleteAd();
  const { id: adId, title } = ad;

  function confirm() {
    deleteAd.mutate(adId, {
      onSuccess: () => {
        onOpenChange(false);
        toast({
          title: 'Ad Deleted Successfully',
          description: `"${title}" has been removed.`,
          variant: 'success',
        });
        onDeleted?.();
      },
      onError: (error) =>
        toast({ title: 'Error deleting ad', description: error.message, variant: 'destructive' }),
    });
  }

  return (
    <ActionDialog
      open
      onOpenChange={onOpenChange}
      title="Delete this ad?"
      description={
        <>
          “{title}” and its photos and videos will be removed for good. This cannot be undone.
          {ad.featured_until ? (
            <> It is featured until {formatDate(ad.featured_until)}: those days go with it.</>
          ) : null}
        </>
      }
      cancelLabel="Cancel"
      action={{
        label: 'Delete Ad',
        pendingLabel: 'Deleting...',
        isPending: deleteAd.isPending,
        variant: 'destructive',
        onClick: confirm,
      }}
    />
  );
}
