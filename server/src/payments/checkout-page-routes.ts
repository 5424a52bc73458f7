import { randomUUID } from 'node:crypto';
import { PAYMENT_CURRENCY, planPriceCents } from '@bazaar/common/plan-pricing';
import { findPlan } from '@bazaar/common/plans';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionGuard } from '../auth/session-guard';
import type { Database } from '../db/database';
import { requestOrigin } from '../http/origin-check';
import { closeOpenCheckout, findCheckoutOfUser, findProfile } from '../subscriptions/queries';
import { renderCheckoutOutcomePage, renderDemoPaymentPage, type CheckoutOutcomeView } from './checkout-pages';
import { deliverDemoEvent } from './demo-events';
import { demoCheckoutPath } from './demo-gateway';

/** Why a checkout the buyer cancelled on the demo payment page is closed. */
const CANCELLED_BY_BUYER = 'cancelled by the buyer';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    const checkout = UUID.test(request.params.id)
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
    plan_id: string;
    failure_reason: string | null;
  }): CheckoutOutcomeView {
    switch (checkout.status) {
      case 'paid':
        return { kind: 'paid', planName: findPlan(checkout.plan_id)?.name ?? 'plan' };
      case 'expired':
        return { kind: 'expired' };
      case 'failed':
        return { kind: checkout.failure_reason === CANCELLED_BY_BUYER ? 'cancelled' : 'failed' };
      default:
        return { kind: 'pending' };
    }
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
        const plan = findPlan(checkout.plan_id)!;
        const profile = await findProfile(db, checkout.user_id);
        const replacesPlan = checkout.replaces_period_end && profile?.subscription_plan;
        return sendPage(
          reply,
          renderDemoPaymentPage({
            id: checkout.id,
            plan,
            priceCents: planPriceCents(plan),
            creditCents: checkout.credit_cents,
            amountCents: checkout.amount_cents,
            replacesPlanName: replacesPlan ? (findPlan(replacesPlan)?.name ?? null) : null,
          }),
        );
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
              subscription_id: `sub_demo_${checkout.id.replaceAll('-', '')}`,
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
