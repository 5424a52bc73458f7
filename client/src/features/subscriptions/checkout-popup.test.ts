import type { CheckoutStatus } from '@bazaar/common/subscriptions';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { waitForCheckoutOutcome } from './checkout-popup';

const checkout = { id: 'c1', expires_at: new Date(Date.now() + 60_000).toISOString() };

/** A server that answers the given statuses in turn (an Error is a failed request). */
function answers(...replies: (CheckoutStatus | Error)[]) {
  let index = 0;
  return async () => {
    const reply = replies[Math.min(index++, replies.length - 1)]!;
    if (reply instanceof Error) throw reply;
    return { status: reply };
  };
}

const wait = (popup: { closed: boolean }, fetchCheckout: ReturnType<typeof answers>) =>
  waitForCheckoutOutcome({
    checkout,
    popup,
    fetchCheckout,
    signal: new AbortController().signal,
    intervalMs: 1,
  });

describe('waitForCheckoutOutcome', () => {
  it('keeps asking the server while the checkout is open, and ends with its verdict', async () => {
    expect(await wait({ closed: false }, answers('open', 'open', 'paid'))).toBe('paid');
    expect(await wait({ closed: false }, answers('open', 'failed'))).toBe('failed');
  });

  it('treats a popup closed without payment as a failure', async () => {
    expect(await wait({ closed: true }, answers('open'))).toBe('closed');
  });

  it('still counts a payment the server confirmed just before the popup closed', async () => {
    expect(await wait({ closed: true }, answers('paid'))).toBe('paid');
  });

  it('does not mistake a dropped connection for the outcome', async () => {
    const offline = new ApiError(0, 'network_error', 'Offline');
    expect(await wait({ closed: false }, answers(offline, offline, 'paid'))).toBe('paid');
  });

  it('gives up once the checkout can no longer be paid', async () => {
    const expired = { id: 'c2', expires_at: new Date(Date.now() - 1000).toISOString() };
    const outcome = await waitForCheckoutOutcome({
      checkout: expired,
      popup: { closed: false },
      fetchCheckout: answers('open'),
      signal: new AbortController().signal,
      intervalMs: 1,
    });
    expect(outcome).toBe('expired');
  });
});
