import type { Plan, PlanId } from '@bazaar/common/plans';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { ACCOUNT_SCOPE } from '../auth/api';
import { createCheckout, fetchCheckout } from './api';
import { openCheckoutPopup, waitForCheckoutOutcome, type CheckoutOutcome } from './checkout-popup';

export const PAYMENT_FAILED_TITLE = 'Payment Failed';
export const PAYMENT_FAILED_DESCRIPTION = 'There was an error processing your payment. Please try again.';
const POPUP_BLOCKED_DESCRIPTION =
  'Your browser blocked the payment window. Allow pop-ups for this site and try again.';

/**
 * The payment window closed while the checkout was still open: the person's choice, not an
 * error. A payment made just before may still be confirmed (the checkout stays open until the
 * provider's event arrives, which notifies the person), so it does not say nothing was charged.
 */
export function toastPaymentWindowClosed() {
  toast({
    title: 'Payment Window Closed',
    description:
      'The payment window was closed before the payment was confirmed. If you paid before closing it, you will be notified once the payment is confirmed.',
  });
}

type Result = { outcome: CheckoutOutcome } | { error: unknown };

async function payInPopup(plan: Plan, popup: Window, signal: AbortSignal): Promise<Result> {
  try {
    const { checkout, url } = await createCheckout(plan.id, signal);
    if (popup.closed)
      return { outcome: (await fetchCheckout(checkout.id, signal)).status === 'paid' ? 'paid' : 'closed' };
    // The demo provider's page is a path of this site: open it where this page was opened.
    popup.location.href = new URL(url, window.location.href).href;
    return { outcome: await waitForCheckoutOutcome({ checkout, popup, fetchCheckout, signal }) };
  } catch (error) {
    return { error };
  }
}

/**
 * The Subscribe button's flow (spec §4, made real): a popup opens at once, the server
 * creates the checkout and the popup goes to the provider's page; the outcome comes from
 * the server, never from a timer. Afterwards the account is read again, so the plan badge,
 * quota and post gate change everywhere.
 */
export function usePlanCheckout() {
  const queryClient = useQueryClient();
  const [processingPlanId, setProcessingPlanId] = useState<PlanId | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const subscribe = useCallback(
    (plan: Plan) => {
      if (running.current) return;
      const popup = openCheckoutPopup();
      if (!popup) {
        toast({
          title: PAYMENT_FAILED_TITLE,
          description: POPUP_BLOCKED_DESCRIPTION,
          variant: 'destructive',
        });
        return;
      }
      const controller = new AbortController();
      running.current = controller;
      setProcessingPlanId(plan.id);

      void payInPopup(plan, popup, controller.signal).then(async (result) => {
        // Leaving the page stops watching, but a payment under way in the popup may finish.
        if (controller.signal.aborted) return;
        if (!popup.closed) popup.close();
        running.current = null;
        setProcessingPlanId(null);
        await queryClient.invalidateQueries({ queryKey: [ACCOUNT_SCOPE] });
        if ('outcome' in result && result.outcome === 'paid') {
          toast({
            title: 'Payment Successful! 🎉',
            description: `Welcome to the ${plan.name}! Your subscription is now active.`,
            variant: 'success',
          });
          return;
        }
        if ('outcome' in result && result.outcome === 'closed') {
          toastPaymentWindowClosed();
          return;
        }
        // Refusals before any payment (already on the plan, too many attempts) say why.
        const description =
          'error' in result && result.error instanceof ApiError && result.error.status < 500
            ? result.error.message
            : PAYMENT_FAILED_DESCRIPTION;
        toast({ title: PAYMENT_FAILED_TITLE, description, variant: 'destructive' });
      });
    },
    [queryClient],
  );

  return { processingPlanId, subscribe };
}
