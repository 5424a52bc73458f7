import { FEATURE_DAYS } from '@bazaar/common/featuring';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { ActionDialog, QueryContent, SummaryList, SummaryRow } from '../../../components/action-dialog';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { formatCents, formatDate } from '../../../lib/format';
import { useCheckoutPopup } from '../../subscriptions/use-checkout-popup';
import { createFeatureCheckout, useFeatureOffer, useIncludedFeature } from '../api';

const featuredToast = () =>
  toast({
    title: 'Your ad is featured',
    description: `It leads its category for ${FEATURE_DAYS} days.`,
    variant: 'success',
  });

/**
 * "Feature this ad" (issue 13): a dialog with the price or the plan's included features, then
 * the same payment popup as a plan. The outcome comes from the server, never from a timer.
 */
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
  const offer = useFeatureOffer(adId, isOpen);
  const included = useIncludedFeature();
  const { isPaying, pay } = useCheckoutPopup();

  function payForWeek() {
    pay(
      (signal) => createFeatureCheckout(adId, signal),
      () => {
        setOpen(false);
        featuredToast();
      },
    );
  }

  function featureWithIncluded() {
    included.mutate(adId, {
      onSuccess: () => {
        setOpen(false);
        featuredToast();
      },
    });
  }

  const data = offer.data;
  return (
    <ActionDialog
      open={isOpen}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size={size} className={className} aria-label={`Feature this ad: ${title}`}>
          <Star aria-hidden="true" /> Feature this ad
        </Button>
      }
      title="Feature this ad"
      description={
        <>
          A featured ad carries the Featured badge, comes first on its category page and takes its turn on the
          home page for {FEATURE_DAYS} days.
        </>
      }
      error={included.isError ? included.error.message : null}
      otherActions={
        data && data.included_left > 0 ? (
          <Button variant="outline" disabled={included.isPending} onClick={featureWithIncluded}>
            Use 1 of your {data.included_left} included features
          </Button>
        ) : null
      }
      action={{
        label: `Pay ${formatCents(data?.price_cents ?? 0)}`,
        pendingLabel: 'Processing...',
        isPending: isPaying,
        disabled: !offer.isSuccess,
        onClick: payForWeek,
      }}
    >
      <QueryContent query={offer} placeholderClassName="h-24">
        {(offered) => (
          <SummaryList>
            <SummaryRow label={title}>{offered.days} days</SummaryRow>
            {offered.featured_until ? (
              <SummaryRow label="Featured until">
                {formatDate(offered.featured_until)} (a new week follows it)
              </SummaryRow>
            ) : null}
            <SummaryRow label="Price" isTotal>
              {formatCents(offered.price_cents)}
            </SummaryRow>
          </SummaryList>
        )}
      </QueryContent>
    </ActionDialog>
  );
}
