import type { AdDetail } from '@bazaar/common/ads';
import { Trash2 } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { lazyComponent } from '../../../lib/lazy-component';

// Opened after a press, by the ad's owner: not in the ad page's first load.
const DeleteAdDialog = lazyComponent(async () => (await import('./delete-ad-dialog')).DeleteAdDialog);

/**
 * Delete with confirmation (spec §8: 'Ad Deleted Successfully' / 'Error deleting ad').
 * `onDeleted` runs after the success toast, e.g. to leave the deleted ad's page.
 */
export function DeleteAdButton({
  ad,
  onDeleted,
  size = 'default',
}: {
  ad: Pick<AdDetail, 'id' | 'title' | 'featured_until'>;
  onDeleted?: () => void;
  size?: 'default' | 'sm';
}) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size={size}
        className="text-destructive hover:text-destructive"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => setOpen(true)}
      >
        <Trash2 /> Delete
      </Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <DeleteAdDialog ad={ad} onDeleted={onDeleted} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
