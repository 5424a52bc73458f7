import type { PaymentGateway } from './payment-gateway';

export const demoCheckoutPath = (checkoutId: string) => `/checkout/demo/${checkoutId}`;

/**
 * The demo provider stands in for an external one: its payment page is ours
 * (checkout-page-routes.ts) and its events are signed and delivered to our webhook like
 * Stripe's. It keeps no state of its own beyond what our database records, so cancelling
 * or resuming renewal there needs no call.
 *
 * Its page is a path, not an address: the popup opens it at the origin of the page that
 * asked, whose session cookie it needs, whether that is PUBLIC_URL or 127.0.0.1 or a LAN
 * address. No Host header is read for it.
 */
export function createDemoGateway(): PaymentGateway {
  return {
    provider: 'demo',
    async createCheckoutSession(checkout) {
      return { sessionId: `cs_demo_${checkout.id}`, url: demoCheckoutPath(checkout.id) };
    },
    async expireCheckoutSession() {},
    async setCancelAtPeriodEnd() {},
    async endSubscription() {},
  };
}
