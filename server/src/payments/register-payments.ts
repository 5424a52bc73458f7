import type { FastifyInstance } from 'fastify';
import type { SessionGuard } from '../auth/session-guard';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import { registerCheckoutPageRoutes } from './checkout-page-routes';
import { deliverDemoEvent } from './demo-events';
import { createDemoGateway } from './demo-gateway';
import { DEMO_RENEWALS_JOB, renewDueDemoSubscriptions } from './demo-renewals';
import { deriveDemoSigningKey } from './demo-signature';
import type { PaymentGateways } from './payment-gateway';
import { createStripeClient, createStripeGateway } from './stripe-gateway';
import { registerWebhookRoutes } from './webhook-routes';

export interface PaymentDependencies {
  db: Database;
  guard: SessionGuard;
  config: Config;
  authSecret: string;
  jobs: JobQueue;
}

/**
 * Everything about taking payments: the gateways (demo always, Stripe when configured),
 * the providers' webhooks, the popup's pages and the demo provider's monthly renewals.
 * Returns the gateways for the subscription routes to start checkouts and change renewal.
 */
export async function registerPayments(
  app: FastifyInstance,
  dependencies: PaymentDependencies,
): Promise<PaymentGateways> {
  const { db, guard, config, authSecret, jobs } = dependencies;
  const demoSigningKey = deriveDemoSigningKey(authSecret);
  const demo = createDemoGateway();
  const stripeClient = config.STRIPE_SECRET_KEY
    ? await createStripeClient({ secretKey: config.STRIPE_SECRET_KEY, apiUrl: config.STRIPE_API_URL })
    : undefined;
  const stripe = stripeClient
    ? createStripeGateway(stripeClient, { publicUrl: config.PUBLIC_URL })
    : undefined;
  const gateways: PaymentGateways = {
    forCheckout: config.PAYMENT_PROVIDER === 'stripe' && stripe ? stripe : demo,
    byProvider: { demo, stripe },
  };

  await registerWebhookRoutes(app, {
    db,
    gateways,
    demoSigningKey,
    stripe:
      stripeClient && config.STRIPE_WEBHOOK_SECRET
        ? { client: stripeClient, webhookSecret: config.STRIPE_WEBHOOK_SECRET }
        : undefined,
  });
  await registerCheckoutPageRoutes(app, { db, guard, publicUrl: config.PUBLIC_URL, demoSigningKey });
  jobs.work(DEMO_RENEWALS_JOB, async () => {
    const renewed = await renewDueDemoSubscriptions(db, (event) =>
      deliverDemoEvent(app, demoSigningKey, event),
    );
    if (renewed > 0) app.log.info({ renewed }, 'demo subscriptions renewed');
  });
  jobs.schedule(DEMO_RENEWALS_JOB, '* * * * *');
  return gateways;
}
