import { Star } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { lazyComponent } from '../../../lib/lazy-component';
import { useCheckoutPopup } from '../../subscriptions/use-checkout-popup';

// Opened after a press, by the ad's owner: not in the ad page's first load.
const FeatureAdDialog = lazyComponent(async () => (await import('./feature-ad-dialog')).FeatureAdDialog);

/** "Feature this ad" (issue 13): opens the dialog of its price, or of the plan's included features. */
export function FeatureAdButton({
  adId,
  title,
  size,
  className,
}: {
  adId: string;
  title: string;
  size?: ButtonProps['size'];
  className?: string;
}) {
  const [isOpen, setOpen] = useState(false);
  const checkout = useCheckoutPopup();
  return (
    <>
      <Button
        variant="outline"
        size={size}
        className={className}
        aria-label={`Feature this ad: ${title}`}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => setOpen(true)}
      >
        <Star aria-hidden="true" /> Feature this ad
      </Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <FeatureAdDialog adId={adId} title={title} checkout={checkout} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
