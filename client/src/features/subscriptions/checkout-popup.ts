import type { Checkout, CheckoutStatus } from '@bazaar/common/subscriptions';

/** Spec §9: the payment page opens in a popup of 600 by 700. */
export const POPUP_WIDTH = 600;
export const POPUP_HEIGHT = 700;
export const CHECKOUT_POLL_INTERVAL_MS = 1500;

/**
 * Opens an empty popup, centred over the window. Call it synchronously in the click
 * handler (popup blockers allow only that); navigate it once the server has the checkout.
 */
export function openCheckoutPopup(): Window | null {
  const left = Math.round(window.screenX + Math.max(0, (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.round(window.screenY + Math.max(0, (window.outerHeight - POPUP_HEIGHT) / 2));
  const popup = window.open(
    '',
    '_blank',
    `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`,
  );
  if (popup) {
    popup.document.title = 'Bazaar checkout';
    popup.document.body.textContent = 'Preparing your checkout…';
  }
  return popup;
}

export type CheckoutOutcome = Exclude<CheckoutStatus, 'open'> | 'closed';

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * Waits for the server to say how the checkout ended. A popup closed while the server still
 * has the checkout open ends the wait ('closed'); its state is read after noticing the close,
 * so a payment completed just before closing still counts.
 */
export async function waitForCheckoutOutcome({
  checkout,
  popup,
  fetchCheckout,
  signal,
  intervalMs = CHECKOUT_POLL_INTERVAL_MS,
}: {
  checkout: Pick<Checkout, 'id' | 'expires_at'>;
  popup: Pick<Window, 'closed'>;
  fetchCheckout: (id: string, signal: AbortSignal) => Promise<Pick<Checkout, 'status'>>;
  signal: AbortSignal;
  intervalMs?: number;
}): Promise<CheckoutOutcome> {
  const expiresAt = Date.parse(checkout.expires_at);
  for (;;) {
    await delay(intervalMs, signal);
    const wasClosed = popup.closed;
    let status: CheckoutStatus;
    try {
      status = (await fetchCheckout(checkout.id, signal)).status;
    } catch (error) {
      if (signal.aborted) throw error;
      // A dropped connection is not the payment's outcome: ask again on the next round.
      if (!wasClosed) continue;
      return 'closed';
    }
    if (status !== 'open') return status;
    if (wasClosed) return 'closed';
    if (Date.now() > expiresAt) return 'expired';
  }
}
