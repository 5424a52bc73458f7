import type { PaymentGateway } from './payment-gateway';

export const demoCheckoutPath = (checkoutId: string) => `/checkout/demo/${checkoutId}`;

/**
 * The demo provider stands in for an external one: its payment page is ours
 * (demo-checkout-routes.ts) and its events are signed and delivered to our webhook like
 * Stripe's. It keeps no state of its own beyond what our database records, so cancelling
 * or resuming renewal there needs no call.
 */
export function createDemoGateway(publicUrl: string): PaymentGateway {
  return {
    provider: 'demo',
    async createCheckoutSession(checkout) {
      return { sessionId: `cs_demo_${checkout.id}`, url: `${publicUrl}${demoCheckoutPath(checkout.id)}` };
    },
    async expireCheckoutSession() {},
    async setCancelAtPeriodEnd() {},
    async endSubscription() {},
  };
}
