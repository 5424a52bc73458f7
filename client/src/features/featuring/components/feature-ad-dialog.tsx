import { FEATURE_DAYS } from '@bazaar/common/featuring';
import { ActionDialog, QueryContent, SummaryList, SummaryRow } from '../../../components/action-dialog';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { formatCents, formatDate } from '../../../lib/format';
import type { CheckoutPopup } from '../../subscriptions/use-checkout-popup';
import { createFeatureCheckout, useFeatureOffer, useIncludedFeature } from '../api';

const featuredToast = () =>
  toast({
    title: 'Your ad is featured',
    description: `It leads its category for ${FEATURE_DAYS} days.`,
    variant: 'success',
  });

/**
 * FeatureAdButton's dialog, open while shown: the price or the plan's included features, then
 * the same payment popup as a plan. The outcome comes from the server, never from a timer.
 */
export function FeatureAdDialog({
  adId,
  title,
  checkout: { isPaying, pay },
  onOpenChange,
}: {
  adId: string;
  title: string;
  /** The button's: a payment goes on (and says how it ended) when the dialog is closed meanwhile. */
  checkout: CheckoutPopup;
  onOpenChange: (open: boolean) => void;
}) {
  const offer = useFeatureOffer(adId);
  const included = useIncludedFeature();

  function payForWeek() {
    pay(
      (signal) => createFeatureCheckout(adId, signal),
      () => {
        onOpenChange(false);
        featuredToast();
      },
    );
  }

  function featureWithIncluded() {
    included.mutate(adId, {
      onSuccess: () => {
        onOpenChange(false);
        featuredToast();
      },
    });
  }

  const data = offer.data;
  return (
    <ActionDialog
      open
      onOpenChange={onOpenChange}
      title="Feature this ad"
      description={
        <>
          A featured ad carries the Featured badge, comes first on its category page and takes its turn on the
          home page for {FEATURE_DAYS} days. If its listing would end sooner, it stays listed until then.
        </>
      }
      error={included.isError ? included.error.message : null}
      isPending={isPaying || included.isPending}
      otherActions={
        data && data.included_left > 0 ? (
          <Button variant="outline" disabled={included.isPending} onClick={featureWithIncluded}>
            Use 1 of your {data.included_left} included features
          </Button>
        ) : null
      }
      action={{
        // The price once the server has said it: never a made-up $0.00 meanwhile.
        label: data ? `Pay ${formatCents(data.price_cents)}` : 'Pay',
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
