import { FEATURE_DAYS } from '@bazaar/common/featuring';
import { useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ActionDialog, QueryContent, SummaryList, SummaryRow } from '../../../components/action-dialog';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { formatCents, formatDate } from '../../../lib/format';
import { fetchCheckout } from '../../subscriptions/api';
import { openCheckoutPopup, waitForCheckoutOutcome } from '../../subscriptions/checkout-popup';
import {
  PAYMENT_FAILED_DESCRIPTION,
  PAYMENT_FAILED_TITLE,
  toastPaymentWindowClosed,
} from '../../subscriptions/use-plan-checkout';
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
  const [isPaying, setPaying] = useState(false);
  const offer = useFeatureOffer(adId, isOpen);
  const included = useIncludedFeature();
  const queryClient = useQueryClient();
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  function pay() {
    if (running.current) return;
    const popup = openCheckoutPopup();
    if (!popup) {
      toast({
        title: PAYMENT_FAILED_TITLE,
        description: 'Allow pop-ups for this site and try again.',
        variant: 'destructive',
      });
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setPaying(true);
    void (async () => {
      try {
        const { checkout, url } = await createFeatureCheckout(adId, controller.signal);
        popup.location.href = new URL(url, window.location.href).href;
        return await waitForCheckoutOutcome({ checkout, popup, fetchCheckout, signal: controller.signal });
      } catch (error) {
        return error;
      }
    })().then(async (outcome) => {
      if (controller.signal.aborted) return;
      if (!popup.closed) popup.close();
      running.current = null;
      setPaying(false);
      await queryClient.invalidateQueries();
      if (outcome === 'paid') {
        setOpen(false);
        featuredToast();
        return;
      }
      if (outcome === 'closed') {
        toastPaymentWindowClosed();
        return;
      }
      const description =
        outcome instanceof ApiError && outcome.status < 500 ? outcome.message : PAYMENT_FAILED_DESCRIPTION;
      toast({ title: PAYMENT_FAILED_TITLE, description, variant: 'destructive' });
    });
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
        onClick: pay,
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
