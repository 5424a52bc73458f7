import type { CreateCheckoutResponse } from '@bazaar/common/subscriptions';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { fetchCheckout } from './api';
import { openCheckoutPopup, waitForCheckoutOutcome, type CheckoutOutcome } from './checkout-popup';

const PAYMENT_FAILED_TITLE = 'Payment Failed';
const PAYMENT_FAILED_DESCRIPTION = 'There was an error processing your payment. Please try again.';
const POPUP_BLOCKED_DESCRIPTION =
  'Your browser blocked the payment window. Allow pop-ups for this site and try again.';

/** Asks the server for a checkout; answers it and the provider's page to open. */
type StartCheckout = (signal: AbortSignal) => Promise<CreateCheckoutResponse>;

type Result = { outcome: CheckoutOutcome } | { error: unknown };

async function payInPopup(start: StartCheckout, popup: Window, signal: AbortSignal): Promise<Result> {
  try {
    const { checkout, url } = await start(signal);
    if (popup.closed)
      return { outcome: (await fetchCheckout(checkout.id, signal)).status === 'paid' ? 'paid' : 'closed' };
    // The demo provider's page is a path of this site: open it where this page was opened.
    popup.location.href = new URL(url, window.location.href).href;
    return { outcome: await waitForCheckoutOutcome({ checkout, popup, fetchCheckout, signal }) };
  } catch (error) {
    return { error };
  }
}

function toastFailure(result: Result) {
  if ('outcome' in result && result.outcome === 'closed') {
    // The person's choice, not an error. A payment made just before closing may still be
    // confirmed (the checkout stays open until the provider's event, which notifies the
    // person), so it does not say nothing was charged.
    toast({
      title: 'Payment Window Closed',
      description:
        'The payment window was closed before the payment was confirmed. If you paid before closing it, you will be notified once the payment is confirmed.',
    });
    return;
  }
  // Refusals before any payment (already on the plan, too many attempts) say why.
  const description =
    'error' in result && result.error instanceof ApiError && result.error.status < 500
      ? result.error.message
      : PAYMENT_FAILED_DESCRIPTION;
  toast({ title: PAYMENT_FAILED_TITLE, description, variant: 'destructive' });
}

export interface CheckoutPopup {
  isPaying: boolean;
  /** Starts a payment, unless one is under way or the popup is blocked; answers whether it did. */
  pay: (start: StartCheckout, onPaid: () => void) => boolean;
}

/**
 * A payment in the provider's popup (spec §4, made real), for a plan or a featured week: the
 * popup opens at once, the server creates the checkout and the popup goes to the provider's
 * page; the outcome comes from the server, never from a timer. Afterwards everything shown is
 * read again, as a payment changes the plan, the quota or the ad's featuring.
 */
export function useCheckoutPopup(): CheckoutPopup {
  const queryClient = useQueryClient();
  const [isPaying, setPaying] = useState(false);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const pay = useCallback(
    (start: StartCheckout, onPaid: () => void): boolean => {
      if (running.current) return false;
      const popup = openCheckoutPopup();
      if (!popup) {
        toast({
          title: PAYMENT_FAILED_TITLE,
          description: POPUP_BLOCKED_DESCRIPTION,
          variant: 'destructive',
        });
        return false;
      }
      const controller = new AbortController();
      running.current = controller;
      setPaying(true);

      void payInPopup(start, popup, controller.signal).then(async (result) => {
        // Leaving the page stops watching, but a payment under way in the popup may finish.
        if (controller.signal.aborted) return;
        if (!popup.closed) popup.close();
        running.current = null;
        setPaying(false);
        await queryClient.invalidateQueries();
        if ('outcome' in result && result.outcome === 'paid') onPaid();
        else toastFailure(result);
      });
      return true;
    },
    [queryClient],
  );

  return { isPaying, pay };
}
