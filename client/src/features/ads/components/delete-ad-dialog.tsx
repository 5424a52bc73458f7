import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ActionDialog } from '../../../components/action-dialog';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { useDeleteAd } from '../api';

/**
 * Delete with confirmation (spec §8: 'Ad Deleted Successfully' / 'Error deleting ad').
 * `onDeleted` runs after the success toast, e.g. to leave the deleted ad's page.
 */
export function DeleteAdButton({
  adId,
  title,
  onDeleted,
  size = 'default',
}: {
  adId: string;
  title: string;
  onDeleted?: () => void;
  size?: 'default' | 'sm';
}) {
  const [isOpen, setOpen] = useState(false);
  const deleteAd = useDeleteAd();

  function confirm() {
    deleteAd.mutate(adId, {
      onSuccess: () => {
        setOpen(false);
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
      open={isOpen}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size={size} className="text-destructive hover:text-destructive">
          <Trash2 /> Delete
        </Button>
      }
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
