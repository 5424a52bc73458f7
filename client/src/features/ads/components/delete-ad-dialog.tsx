import { ActionDialog } from '../../../components/action-dialog';
import { toast } from '../../../components/ui/use-toast';
import { useDeleteAd } from '../ad-actions';

/** DeleteAdButton's confirmation, open while shown. */
export function DeleteAdDialog({
  adId,
  title,
  onDeleted,
  onOpenChange,
}: {
  adId: string;
  title: string;
  onDeleted?: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  const deleteAd = useDeleteAd();

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
      description={<>“{title}” and its photos and videos will be removed for good. This cannot be undone.</>}
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
