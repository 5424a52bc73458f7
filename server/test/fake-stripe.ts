import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the app made to the Stripe API, with its form-encoded body flattened. */
export interface StripeApiCall {
  method: string;
  path: string;
  body: Record<string, string>;
  idempotencyKey: string | undefined;
}

type Responder = (call: StripeApiCall) => { status: number; body: unknown } | undefined;

/**
 * Stripe's API at the network edge: a local HTTP server that answers the few calls Bazaar
 * makes the way Stripe does and records them, so tests can assert what was sent.
 */
export interface FakeStripe {
  url: string;
  calls: StripeApiCall[];
  /** Answers the next matching calls differently (e.g. an error). */
  respondWith(responder: Responder | undefined): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

function defaultAnswer(call: StripeApiCall, sequence: number): { status: number; body: unknown } {
  const sessionMatch = /^\/v1\/checkout\/sessions(?:\/([^/]+)\/expire)?$/.exec(call.path);
  if (call.method === 'POST' && sessionMatch) {
    const id = sessionMatch[1] ?? `cs_test_${sequence}`;
    return {
      status: 200,
      body: {
        id,
        object: 'checkout.session',
        status: sessionMatch[1] ? 'expired' : 'open',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        metadata: {},
      },
    };
  }
  if (call.method === 'POST' && call.path === '/v1/coupons') {
    return {
      status: 200,
      body: { id: `coupon_${sequence}`, object: 'coupon', amount_off: Number(call.body.amount_off) },
    };
  }
  const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(call.path);
  if (subscriptionMatch) {
    return {
      status: 200,
      body: {
        id: subscriptionMatch[1],
        object: 'subscription',
        status: call.method === 'DELETE' ? 'canceled' : 'active',
        cancel_at_period_end: call.body.cancel_at_period_end === 'true',
      },
    };
  }
  return {
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${call.method}: ${call.path})`,
      },
    },
  };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const calls: StripeApiCall[] = [];
  let responder: Responder | undefined;
  const server: Server = createServer((request, response) => {
    void readBody(request).then((text) => {
      const call: StripeApiCall = {
        method: request.method ?? 'GET',
        path: (request.url ?? '').split('?')[0] ?? '',
        body: Object.fromEntries(new URLSearchParams(text)),
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      };
      calls.push(call);
      const answer = responder?.(call) ?? defaultAnswer(call, calls.length);
      response.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': `req_${calls.length}`,
      });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    respondWith(next) {
      responder = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
