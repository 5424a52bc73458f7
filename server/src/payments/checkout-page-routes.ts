import { randomUUID } from 'node:crypto';
import { isUuid } from '@bazaar/common/ids';
import { PAYMENT_CURRENCY, planPriceCents } from '@bazaar/common/plan-pricing';
import { FEATURE_DAYS } from '@bazaar/common/featuring';
import { findPlan } from '@bazaar/common/plans';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionGuard } from '../auth/session-guard';
import type { Database } from '../db/database';
import { requestOrigin } from '../http/origin-check';
import { closeOpenCheckout, findCheckoutOfUser, findProfile } from '../subscriptions/queries';
import { findAdTitle } from '../featuring/queries';
import {
  renderCheckoutOutcomePage,
  renderDemoPaymentPage,
  type CheckoutOutcomeView,
  type DemoCheckoutView,
} from './checkout-pages';
import { deliverDemoEvent } from './demo-events';
import { demoCheckoutPath } from './demo-gateway';

type CheckoutRow = NonNullable<Awaited<ReturnType<typeof findCheckoutOfUser>>>;

/** Why a checkout the buyer cancelled on the demo payment page is closed. */
const CANCELLED_BY_BUYER = 'cancelled by the buyer';

function sendPage(reply: FastifyReply, html: string, status = 200): FastifyReply {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

function statusOf(view: CheckoutOutcomeView): number {
  if (view.kind === 'not-found') return 404;
  if (view.kind === 'sign-in') return 401;
  return view.kind === 'forbidden' ? 403 : 200;
}

function outcomePage(reply: FastifyReply, view: CheckoutOutcomeView): FastifyReply {
  return sendPage(reply, renderCheckoutOutcomePage(view), statusOf(view));
}

export interface CheckoutPageDependencies {
  db: Database;
  guard: SessionGuard;
  publicUrl: string;
  demoSigningKey: Buffer;
}

/**
 * Pages of the payment popup, outside the SPA: the demo provider's payment page with its
 * Pay and Cancel forms, and the page a provider returns the buyer to. Only the checkout's
 * owner sees them; anyone else gets "not found".
 */
export async function registerCheckoutPageRoutes(
  app: FastifyInstance,
  dependencies: CheckoutPageDependencies,
) {
  const { db, guard, publicUrl, demoSigningKey } = dependencies;
  const publicOrigin = new URL(publicUrl).origin;

  async function ownCheckout(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
    const user = await guard.currentUser(request);
    if (!user) return { reply: outcomePage(reply, { kind: 'sign-in' }) };
    const checkout = isUuid(request.params.id)
      ? await findCheckoutOfUser(db, request.params.id, user.id)
      : undefined;
    if (!checkout) return { reply: outcomePage(reply, { kind: 'not-found' }) };
    return { checkout };
  }

  /** The forms post to their own origin; the session cookie is SameSite=Lax as well. */
  function isSameOrigin(request: FastifyRequest): boolean {
    const origin = request.headers.origin;
    if (origin !== undefined) return origin === publicOrigin || origin === requestOrigin(request);
    return request.headers['sec-fetch-site'] === 'same-origin';
  }

  function viewOf(checkout: {
    status: string;
    plan_id: string | null;
    failure_reason: string | null;
  }): CheckoutOutcomeView {
    switch (checkout.status) {
      case 'paid':
        return {
          kind: 'paid',
          message: checkout.plan_id
            ? `Welcome to the ${findPlan(checkout.plan_id)?.name ?? 'plan'}! Your subscription is now active.`
            : `Your ad is featured for the next ${FEATURE_DAYS} days.`,
        };
      case 'expired':
        return { kind: 'expired' };
      case 'failed':
        return { kind: checkout.failure_reason === CANCELLED_BY_BUYER ? 'cancelled' : 'failed' };
      default:
        return { kind: 'pending' };
    }
  }

  /** What the demo payment page shows: the plan (with any credit), or the ad to feature. */
  async function demoPageView(checkout: CheckoutRow): Promise<DemoCheckoutView> {
    const amounts = {
      id: checkout.id,
      creditCents: checkout.credit_cents,
      amountCents: checkout.amount_cents,
    };
    const plan = checkout.plan_id ? findPlan(checkout.plan_id) : undefined;
    if (!plan) {
      const adTitle = checkout.ad_id ? await findAdTitle(db, checkout.ad_id) : undefined;
      return {
        ...amounts,
        item: {
          name: 'Featured ad',
          term: `${FEATURE_DAYS} days`,
          summary: adTitle ?? 'This ad was deleted',
        },
        priceCents: checkout.amount_cents,
        replacesPlanName: null,
      };
    }
    const profile = checkout.user_id ? await findProfile(db, checkout.user_id) : undefined;
    const replacesPlan = checkout.replaces_period_end && profile?.subscription_plan;
    return {
      ...amounts,
      item: {
        name: plan.name,
        term: 'monthly',
        summary: `${plan.maxAds} active ads · renews monthly until you cancel`,
      },
      priceCents: planPriceCents(plan),
      replacesPlanName: replacesPlan ? (findPlan(replacesPlan)?.name ?? null) : null,
    };
  }

  await app.register(async (scope) => {
    // The Pay and Cancel forms carry no fields; their bodies are read and ignored.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );

    scope.get<{ Params: { id: string } }>(
      '/checkout/demo/:id',
      { schema: { hide: true } },
      async (request, reply) => {
        const found = await ownCheckout(request, reply);
        if (!found.checkout) return found.reply;
        const { checkout } = found;
        if (checkout.provider !== 'demo') return outcomePage(reply, { kind: 'not-found' });
        if (checkout.status === 'open' && checkout.expires_at <= new Date()) {
          await closeOpenCheckout(db, checkout.id, 'expired', 'not paid in time');
          return outcomePage(reply, { kind: 'expired' });
        }
        if (checkout.status !== 'open') return outcomePage(reply, viewOf(checkout));
        return sendPage(reply, renderDemoPaymentPage(await demoPageView(checkout)));
      },
    );

    scope.post<{ Params: { id: string } }>(
      '/checkout/demo/:id/pay',
      { schema: { hide: true } },
      async (request, reply) => {
        if (!isSameOrigin(request)) return outcomePage(reply, { kind: 'forbidden' });
        const found = await ownCheckout(request, reply);
        if (!found.checkout) return found.reply;
        const { checkout } = found;
        if (checkout.provider !== 'demo') return outcomePage(reply, { kind: 'not-found' });
        if (checkout.status === 'open' && checkout.expires_at > new Date()) {
          // What a real provider does when the card is charged: tell the merchant, signed.
          await deliverDemoEvent(app, demoSigningKey, {
            id: `evt_demo_${randomUUID().replaceAll('-', '')}`,
            type: 'checkout.paid',
            created: Math.floor(Date.now() / 1000),
            data: {
              checkout_id: checkout.id,
              amount_cents: checkout.amount_cents,
              currency: PAYMENT_CURRENCY,
              subscription_id:
                checkout.purpose === 'plan' ? `sub_demo_${checkout.id.replaceAll('-', '')}` : null,
            },
          });
        }
        return reply.redirect(demoCheckoutPath(checkout.id), 303);
      },
    );

    scope.post<{ Params: { id: string } }>(
      '/checkout/demo/:id/cancel',
      { schema: { hide: true } },
      async (request, reply) => {
        if (!isSameOrigin(request)) return outcomePage(reply, { kind: 'forbidden' });
        const found = await ownCheckout(request, reply);
        if (!found.checkout) return found.reply;
        if (found.checkout.provider !== 'demo') return outcomePage(reply, { kind: 'not-found' });
        await closeOpenCheckout(db, found.checkout.id, 'failed', CANCELLED_BY_BUYER);
        return reply.redirect(demoCheckoutPath(found.checkout.id), 303);
      },
    );

    // Stripe Checkout's success_url and cancel_url: the webhook, not this page, decides.
    scope.get<{ Params: { id: string }; Querystring: { cancelled?: string } }>(
      '/checkout/:id/complete',
      { schema: { hide: true } },
      async (request, reply) => {
        const found = await ownCheckout(request, reply);
        if (!found.checkout) return found.reply;
        const view = viewOf(found.checkout);
        if (view.kind === 'pending' && request.query.cancelled !== undefined) {
          return outcomePage(reply, { kind: 'cancelled' });
        }
        return outcomePage(reply, view);
      },
    );
  });
}
