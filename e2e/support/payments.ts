import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A plan's card on /subscription. */
export const planCard = (page: Page, name: string) => page.getByRole('article', { name });

/**
 * Presses a Subscribe button (or the change dialog's Continue) and pays on the demo
 * provider's page in the popup, which the subscription page closes once the server has
 * the verified payment.
 */
export async function payInPopup(page: Page, press: () => Promise<void>, pay: string) {
  const popupOpened = page.waitForEvent('popup');
  await press();
  const popup = await popupOpened;
  const popupErrors: string[] = [];
  popup.on('console', (message) => {
    // As in openSession: a failed request (here the browser's own /favicon.ico) is not a
    // page error; which popup of a browser asks for the favicon depends on test order.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      popupErrors.push(message.text());
    }
  });
  await popup.getByRole('button', { name: pay }).click();
  await expect.poll(() => popup.isClosed(), { timeout: 15_000 }).toBe(true);
  expect(popupErrors, 'errors on the payment page').toEqual([]);
}
