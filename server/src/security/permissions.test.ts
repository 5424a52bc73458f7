import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveSellerPlan, postAd } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { askAboutAd } from '../../test/messaging-factories';
import { loadTestPlaces, testPlaces } from '../../test/place-fixtures';
import { multipartForm } from '../../test/multipart';
import { routeCollector } from '../../test/routes';
import { createCheckout } from '../../test/subscription-helpers';
import { createTestApp, TEST_AUTH_SECRET, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';
import { createUnsubscribeToken, deriveUnsubscribeKey } from '../mail/unsubscribe';

/**
 * The permission table (docs/decisions/0010): every route × {anonymous, owner, other user}.
 * Objects (ads, checkouts) belong to the owner, so the owner column is "own object" and the
 * other-user column is "someone else's object". The rule: writing to someone else's object
 * that you can see → 403; an object you may not see (a hidden ad, another user's checkout)
 * → 404, on read and write alike, as if it did not exist. A refused request changes nothing:
 * everything the owner has in the database is compared before and after it.
 */

type Actor = 'anonymous' | 'owner' | 'other';

interface Fixture {
  owner: TestSeller;
  other: TestSeller;
  /** The owner's active ad, and one they have hidden. */
  ad: string;
  hiddenAd: string;
  /** An ad of the owner that the DELETE row may remove. */
  adToDelete: string;
  /** An open checkout of the owner. */
  checkout: string;
  /** A conversation about the owner's ad, started by a third user: the owner is a participant. */
  conversation: string;
  /** The owner's notification of that conversation's message. */
  notification: string;
  /** A saved search of the owner (issue 14). */
  savedSearch: string;
}

interface Row {
  /** The route as the router knows it: `METHOD /path`. */
  route: string;
  /** What the row tries, when a route has several rows. */
  variant?: string;
  request: (fixture: Fixture) => InjectOptions | Promise<InjectOptions>;
  expect: Record<Actor, number>;
}

const everyone = (status: number): Record<Actor, number> => ({
  anonymous: status,
  owner: status,
  other: status,
});
const signedIn = (owner: number, other = owner): Record<Actor, number> => ({
  anonymous: 401,
  owner,
  other,
});

const get = (url: string): InjectOptions => ({ method: 'GET', url });
const json = (method: InjectOptions['method'], url: string, payload?: object): InjectOptions => ({
  method,
  url,
  ...(payload ? { payload } : {}),
});

const unsubscribeToken = (userId: string) =>
  createUnsubscribeToken(deriveUnsubscribeKey(TEST_AUTH_SECRET), userId, 'new-messages');

const settings = {
  emailNewMessages: false,
  emailAdViewsAndLikes: true,
  smsAdViews: false,
  weeklyReports: true,
  showPhoneNumber: false,
  allowDirectMessages: true,
};

/** The console's routes (decision 0017): 401 signed out, 403 for anyone who is not staff. */
const staffRoutes: [InjectOptions['method'], string, object?][] = [
  ['GET', '/api/admin/queue'],
  ['POST', '/api/admin/ads/:id/hide', { reason: 'Scam' }],
  ['POST', '/api/admin/ads/:id/restore', {}],
  ['POST', '/api/admin/ads/:id/dismiss', {}],
  ['POST', '/api/admin/ads/:id/feature', {}],
  ['POST', '/api/admin/ads/:id/unfeature', {}],
  ['GET', '/api/admin/conversations/:id/messages'],
  ['POST', '/api/admin/conversations/:id/dismiss', {}],
  ['GET', '/api/admin/users'],
  ['GET', '/api/admin/users/:id'],
  ['POST', '/api/admin/users/:id/suspend', { reason: 'Scam' }],
  ['POST', '/api/admin/users/:id/restore', {}],
  ['PUT', '/api/admin/users/:id/role', { role: 'moderator' }],
  ['GET', '/api/admin/audit'],
];

const table: Row[] = [
  // Public: the same answer for everyone.
  { route: 'GET /', request: () => get('/'), expect: everyone(200) },
  { route: 'GET /search', request: () => get('/search?q=lamp'), expect: everyone(200) },
  { route: 'GET /help', request: () => get('/help'), expect: everyone(200) },
  { route: 'GET /safety', request: () => get('/safety'), expect: everyone(200) },
  { route: 'GET /terms', request: () => get('/terms'), expect: everyone(200) },
  { route: 'GET /privacy', request: () => get('/privacy'), expect: everyone(200) },
  { route: 'GET /robots.txt', request: () => get('/robots.txt'), expect: everyone(200) },
  { route: 'GET /sitemap.xml', request: () => get('/sitemap.xml'), expect: everyone(200) },
  { route: 'GET /sitemaps/pages.xml', request: () => get('/sitemaps/pages.xml'), expect: everyone(200) },
  {
    route: 'GET /sitemaps/:file',
    request: ({ ad }) => get(`/sitemaps/ads-${ad}.xml`),
    expect: everyone(200),
  },
  { route: 'GET /api/health', request: () => get('/api/health'), expect: everyone(200) },
  { route: 'GET /api/ready', request: () => get('/api/ready'), expect: everyone(200) },
  { route: 'GET /api/openapi.json', request: () => get('/api/openapi.json'), expect: everyone(200) },
  { route: 'GET /api/docs', request: () => get('/api/docs'), expect: everyone(200) },
  { route: 'GET /api/docs/json', request: () => get('/api/docs/json'), expect: everyone(200) },
  { route: 'GET /api/docs/yaml', request: () => get('/api/docs/yaml'), expect: everyone(200) },
  {
    route: 'GET /api/docs/static/index.html',
    request: () => get('/api/docs/static/index.html'),
    expect: everyone(302),
  },
  {
    route: 'GET /api/docs/static/swagger-initializer.js',
    request: () => get('/api/docs/static/swagger-initializer.js'),
    expect: everyone(200),
  },
  {
    route: 'GET /api/docs/static/*',
    request: () => get('/api/docs/static/swagger-ui.css'),
    expect: everyone(200),
  },
  { route: 'GET /api/social-providers', request: () => get('/api/social-providers'), expect: everyone(200) },
  { route: 'GET /api/categories', request: () => get('/api/categories'), expect: everyone(200) },
  { route: 'GET /api/places', request: () => get('/api/places?q=den'), expect: everyone(200) },
  {
    route: 'GET /api/places/:id',
    request: () => get(`/api/places/${testPlaces.denver.id}`),
    expect: everyone(200),
  },
  { route: 'GET /api/ads', request: () => get('/api/ads'), expect: everyone(200) },
  { route: 'GET /api/ads/featured', request: () => get('/api/ads/featured'), expect: everyone(200) },
  {
    route: 'GET /api/search/suggestions',
    request: () => get('/api/search/suggestions?q=bi'),
    expect: everyone(200),
  },
  { route: 'GET /media/*', request: () => get('/media/ads/none/none.webp'), expect: everyone(404) },

  // Accounts: the wildcard only reaches the endpoints the app offers.
  {
    route: 'POST /api/auth/*',
    variant: 'a wrong password',
    request: ({ owner }) =>
      json('POST', '/api/auth/sign-in/email', { email: owner.email, password: 'not-the-password' }),
    expect: everyone(401),
  },
  {
    route: 'POST /api/auth/*',
    variant: 'an endpoint the app does not offer',
    request: () => json('POST', '/api/auth/delete-user', {}),
    expect: everyone(404),
  },
  {
    route: 'GET /api/auth/*',
    variant: 'the session token endpoint, which the app does not offer',
    request: () => get('/api/auth/get-session'),
    expect: everyone(404),
  },

  // Who is signed in: a visitor who is not is told so (null), which is not an error.
  { route: 'GET /api/me', request: () => get('/api/me'), expect: everyone(200) },
  // The signed-in user's own records: there is no "someone else's" to ask for.
  { route: 'GET /api/me/ads', request: () => get('/api/me/ads'), expect: signedIn(200) },
  { route: 'GET /api/me/stats', request: () => get('/api/me/stats'), expect: signedIn(200) },
  { route: 'GET /api/me/analytics', request: () => get('/api/me/analytics'), expect: signedIn(200) },
  { route: 'GET /api/me/export', request: () => get('/api/me/export'), expect: signedIn(200) },
  {
    route: 'DELETE /api/me',
    variant: 'a wrong password deletes nothing',
    request: () => json('DELETE', '/api/me', { password: 'not-the-password' }),
    expect: signedIn(403),
  },
  { route: 'GET /api/profile', request: () => get('/api/profile'), expect: signedIn(200) },
  {
    route: 'PATCH /api/profile',
    request: () => json('PATCH', '/api/profile', { name: 'Changed Name' }),
    expect: signedIn(200),
  },
  { route: 'GET /api/profile/settings', request: () => get('/api/profile/settings'), expect: signedIn(200) },
  {
    route: 'PUT /api/profile/settings',
    request: () => json('PUT', '/api/profile/settings', settings),
    expect: signedIn(200),
  },
  { route: 'GET /api/subscription', request: () => get('/api/subscription'), expect: signedIn(200) },
  {
    route: 'GET /api/subscription/quote',
    request: () => get('/api/subscription/quote?plan_id=starter'),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/subscription/payments',
    request: () => get('/api/subscription/payments'),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/subscription/checkouts',
    request: () => json('POST', '/api/subscription/checkouts', { plan_id: 'premium' }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/subscription/cancel',
    variant: 'a trial seller has nothing to cancel',
    request: () => json('POST', '/api/subscription/cancel'),
    expect: signedIn(409),
  },
  {
    route: 'POST /api/subscription/resume',
    variant: 'a trial seller has nothing to resume',
    request: () => json('POST', '/api/subscription/resume'),
    expect: signedIn(409),
  },

  // Ads: anyone reads an active ad; a hidden one exists only for its owner.
  { route: 'GET /api/ads/:id', request: ({ ad }) => get(`/api/ads/${ad}`), expect: everyone(200) },
  {
    route: 'GET /api/ads/:id',
    variant: 'hidden ad',
    request: ({ hiddenAd }) => get(`/api/ads/${hiddenAd}`),
    expect: { anonymous: 404, owner: 200, other: 404 },
  },
  { route: 'GET /ad/:id', request: ({ ad }) => get(`/ad/${ad}`), expect: everyone(200) },
  {
    route: 'GET /ad/:id',
    variant: 'hidden ad',
    request: ({ hiddenAd }) => get(`/ad/${hiddenAd}`),
    expect: { anonymous: 404, owner: 200, other: 404 },
  },
  {
    route: 'GET /api/ads/:id/related',
    request: ({ ad }) => get(`/api/ads/${ad}/related`),
    expect: everyone(200),
  },
  {
    route: 'GET /api/ads/:id/related',
    variant: 'hidden ad',
    request: ({ hiddenAd }) => get(`/api/ads/${hiddenAd}/related`),
    expect: { anonymous: 404, owner: 200, other: 404 },
  },
  {
    route: 'GET /api/ads/:id/contact',
    request: ({ ad }) => get(`/api/ads/${ad}/contact`),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/ads/:id/contact',
    variant: 'hidden ad',
    request: ({ hiddenAd }) => get(`/api/ads/${hiddenAd}/contact`),
    expect: { anonymous: 401, owner: 200, other: 404 },
  },
  {
    route: 'POST /api/ads/:id/views',
    request: ({ ad }) => json('POST', `/api/ads/${ad}/views`),
    expect: everyone(200),
  },
  {
    route: 'POST /api/ads/:id/views',
    variant: 'hidden ad: views are counted on active ads only',
    request: ({ hiddenAd }) => json('POST', `/api/ads/${hiddenAd}/views`),
    expect: everyone(404),
  },
  {
    route: 'GET /api/ads/:id/favorite',
    request: ({ ad }) => get(`/api/ads/${ad}/favorite`),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/ads/:id/favorite',
    variant: 'hidden ad',
    request: ({ hiddenAd }) => get(`/api/ads/${hiddenAd}/favorite`),
    expect: signedIn(200, 404),
  },
  {
    route: 'PUT /api/ads/:id/favorite',
    variant: 'liking is for other people’s ads',
    request: ({ ad }) => json('PUT', `/api/ads/${ad}/favorite`),
    expect: signedIn(403, 200),
  },
  {
    route: 'PUT /api/ads/:id/favorite',
    variant: 'hidden ad',
    request: ({ hiddenAd }) => json('PUT', `/api/ads/${hiddenAd}/favorite`),
    expect: signedIn(403, 404),
  },
  {
    route: 'DELETE /api/ads/:id/favorite',
    request: ({ ad }) => json('DELETE', `/api/ads/${ad}/favorite`),
    expect: signedIn(200),
  },
  {
    route: 'DELETE /api/ads/:id/favorite',
    variant: 'hidden ad',
    request: ({ hiddenAd }) => json('DELETE', `/api/ads/${hiddenAd}/favorite`),
    expect: signedIn(200, 404),
  },
  // Issue 14: your favourites are your own list; nobody reaches another person's.
  { route: 'GET /api/me/favorites', request: () => get('/api/me/favorites'), expect: signedIn(200) },
  {
    route: 'DELETE /api/me/favorites/:ad_id',
    variant: 'an ad not on your list',
    request: ({ ad }) => json('DELETE', `/api/me/favorites/${ad}`),
    expect: signedIn(404),
  },
  // Issue 14: a seller's public page and active ads, the same for everyone.
  {
    route: 'GET /api/sellers/:id',
    request: ({ owner }) => get(`/api/sellers/${owner.id}`),
    expect: everyone(200),
  },
  {
    route: 'GET /seller/:id',
    request: ({ owner }) => get(`/seller/${owner.id}`),
    expect: everyone(200),
  },
  {
    route: 'GET /seller/:id',
    variant: 'no such seller',
    request: () => get('/seller/00000000-0000-4000-8000-000000000000'),
    expect: everyone(404),
  },
  { route: 'GET /category/:category', request: () => get('/category/electronics'), expect: everyone(200) },
  {
    route: 'GET /category/:category',
    variant: 'no such category',
    request: () => get('/category/no-such-category'),
    expect: everyone(404),
  },
  {
    route: 'GET /api/sellers/:id/ads',
    request: ({ owner }) => get(`/api/sellers/${owner.id}/ads`),
    expect: everyone(200),
  },
  {
    route: 'POST /api/ads',
    variant: 'a form without a picture',
    request: () => ({ method: 'POST', url: '/api/ads', ...adForm({ title: 'No picture' }) }),
    expect: signedIn(400),
  },
  {
    route: 'PATCH /api/ads/:id',
    request: ({ ad }) => ({ method: 'PATCH', url: `/api/ads/${ad}`, ...adForm({ title: 'Changed title' }) }),
    expect: signedIn(200, 403),
  },
  {
    route: 'PATCH /api/ads/:id',
    variant: 'hidden ad',
    request: ({ hiddenAd }) => ({
      method: 'PATCH',
      url: `/api/ads/${hiddenAd}`,
      ...adForm({ title: 'Changed title' }),
    }),
    expect: signedIn(200, 403),
  },
  {
    route: 'DELETE /api/ads/:id',
    request: ({ adToDelete }) => json('DELETE', `/api/ads/${adToDelete}`),
    expect: signedIn(204, 403),
  },

  // Featuring: only the owner, and only a public ad.
  {
    route: 'GET /api/ads/:id/feature',
    request: ({ ad }) => get(`/api/ads/${ad}/feature`),
    expect: signedIn(200, 403),
  },
  {
    route: 'GET /api/ads/:id/feature',
    variant: 'hidden ad',
    request: ({ hiddenAd }) => get(`/api/ads/${hiddenAd}/feature`),
    expect: signedIn(409, 404),
  },
  {
    route: 'POST /api/ads/:id/feature',
    variant: "uses one of the features the owner's Master Pack includes",
    request: ({ ad }) => json('POST', `/api/ads/${ad}/feature`),
    expect: signedIn(200, 403),
  },
  {
    route: 'POST /api/ads/:id/feature',
    variant: 'hidden ad',
    request: ({ hiddenAd }) => json('POST', `/api/ads/${hiddenAd}/feature`),
    expect: signedIn(409, 404),
  },
  {
    route: 'POST /api/ads/:id/feature/checkouts',
    request: ({ ad }) => json('POST', `/api/ads/${ad}/feature/checkouts`),
    expect: signedIn(200, 403),
  },
  {
    route: 'POST /api/ads/:id/feature/checkouts',
    variant: 'hidden ad',
    request: ({ hiddenAd }) => json('POST', `/api/ads/${hiddenAd}/feature/checkouts`),
    expect: signedIn(409, 404),
  },

  // The ad's life (issue 14): the owner's; a write to someone else's ad is 403 (decision 0010).
  // On the hidden ad, so that the owner's answer changes nothing: neither expired nor active.
  {
    route: 'POST /api/ads/:id/renew',
    variant: 'hidden ad (only an expired one renews)',
    request: ({ hiddenAd }) => json('POST', `/api/ads/${hiddenAd}/renew`, {}),
    expect: signedIn(409, 403),
  },
  {
    route: 'POST /api/ads/:id/sold',
    variant: 'hidden ad (only an active one is sold)',
    request: ({ hiddenAd }) => json('POST', `/api/ads/${hiddenAd}/sold`, {}),
    expect: signedIn(409, 403),
  },

  // Moderation (issue 13): reports and review requests; the console is for staff only, whose
  // own table is moderation/permissions.test.ts (anonymous / user / moderator / admin).
  {
    route: 'POST /api/ads/:id/reports',
    request: ({ ad }) => json('POST', `/api/ads/${ad}/reports`, { reason: 'other' }),
    expect: signedIn(403, 201),
  },
  {
    route: 'POST /api/ads/:id/reports',
    variant: 'hidden ad',
    request: ({ hiddenAd }) => json('POST', `/api/ads/${hiddenAd}/reports`, { reason: 'other' }),
    expect: { anonymous: 404, owner: 403, other: 404 },
  },
  {
    route: 'GET /api/ads/:id/reports/mine',
    request: ({ ad }) => get(`/api/ads/${ad}/reports/mine`),
    expect: signedIn(403, 200),
  },
  {
    route: 'GET /api/ads/:id/reports/mine',
    variant: 'hidden ad',
    request: ({ hiddenAd }) => get(`/api/ads/${hiddenAd}/reports/mine`),
    expect: { anonymous: 404, owner: 403, other: 404 },
  },
  {
    route: 'POST /api/ads/:id/review-request',
    variant: 'a public ad has nothing to review',
    request: ({ ad }) => json('POST', `/api/ads/${ad}/review-request`, {}),
    expect: signedIn(403),
  },
  {
    route: 'POST /api/ads/:id/review-request',
    variant: 'hidden ad',
    request: ({ hiddenAd }) => json('POST', `/api/ads/${hiddenAd}/review-request`, {}),
    expect: signedIn(200, 403),
  },
  ...staffRoutes.map(([method, url, payload]): Row => ({
    route: `${method} ${url}`,
    request: ({ ad, owner, conversation }) =>
      json(
        method,
        url.replace(
          ':id',
          url.includes('/users/') ? owner.id : url.includes('/conversations/') ? conversation : ad,
        ),
        payload,
      ),
    expect: signedIn(403),
  })),

  // Checkouts are private: someone else's does not exist for you.
  {
    route: 'GET /api/subscription/checkouts/:id',
    request: ({ checkout }) => get(`/api/subscription/checkouts/${checkout}`),
    expect: signedIn(200, 404),
  },
  {
    route: 'GET /checkout/demo/:id',
    request: ({ checkout }) => get(`/checkout/demo/${checkout}`),
    expect: { anonymous: 401, owner: 200, other: 404 },
  },
  {
    route: 'GET /checkout/:id/complete',
    request: ({ checkout }) => get(`/checkout/${checkout}/complete`),
    expect: { anonymous: 401, owner: 200, other: 404 },
  },
  {
    route: 'POST /checkout/demo/:id/cancel',
    request: ({ checkout }) => form(`/checkout/demo/${checkout}/cancel`),
    expect: { anonymous: 401, owner: 303, other: 404 },
  },
  {
    route: 'POST /checkout/demo/:id/pay',
    variant: 'after the cancel above: nothing left to pay',
    request: ({ checkout }) => form(`/checkout/demo/${checkout}/pay`),
    expect: { anonymous: 401, owner: 303, other: 404 },
  },

  // Conversations: the owner column is a participant; someone else's conversation does not
  // exist for you (docs/decisions/0015).
  {
    route: 'POST /api/conversations',
    variant: 'asking about the owner’s ad',
    request: ({ ad }) => json('POST', '/api/conversations', { ad_id: ad, body: 'Is it still available?' }),
    expect: signedIn(403, 201),
  },
  {
    route: 'POST /api/conversations',
    variant: 'hidden ad',
    request: ({ hiddenAd }) => json('POST', '/api/conversations', { ad_id: hiddenAd, body: 'Hello' }),
    expect: signedIn(403, 404),
  },
  { route: 'GET /api/conversations', request: () => get('/api/conversations'), expect: signedIn(200) },
  {
    route: 'GET /api/conversations/unread',
    request: () => get('/api/conversations/unread'),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/conversations/:id',
    request: ({ conversation }) => get(`/api/conversations/${conversation}`),
    expect: signedIn(200, 404),
  },
  {
    route: 'GET /api/conversations/:id/messages',
    request: ({ conversation }) => get(`/api/conversations/${conversation}/messages`),
    expect: signedIn(200, 404),
  },
  {
    route: 'POST /api/conversations/:id/messages',
    request: ({ conversation }) =>
      json('POST', `/api/conversations/${conversation}/messages`, { body: 'Yes' }),
    expect: signedIn(201, 404),
  },
  {
    route: 'POST /api/conversations/:id/read',
    request: ({ conversation }) => json('POST', `/api/conversations/${conversation}/read`),
    expect: signedIn(200, 404),
  },
  {
    route: 'POST /api/conversations/:id/reports',
    request: ({ conversation }) =>
      json('POST', `/api/conversations/${conversation}/reports`, { reason: 'spam' }),
    expect: signedIn(201, 404),
  },
  {
    route: 'PUT /api/conversations/:id/block',
    request: ({ conversation }) => json('PUT', `/api/conversations/${conversation}/block`),
    expect: signedIn(200, 404),
  },
  {
    route: 'DELETE /api/conversations/:id/block',
    request: ({ conversation }) => json('DELETE', `/api/conversations/${conversation}/block`),
    expect: signedIn(200, 404),
  },

  // Notifications: the owner column is the recipient; someone else's does not exist for you.
  { route: 'GET /api/notifications', request: () => get('/api/notifications'), expect: signedIn(200) },
  {
    route: 'GET /api/notifications/unread',
    request: () => get('/api/notifications/unread'),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/notifications/read-all',
    request: () => json('POST', '/api/notifications/read-all'),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/notifications/:id/read',
    request: ({ notification }) => json('POST', `/api/notifications/${notification}/read`),
    expect: signedIn(200, 404),
  },

  // Saved searches (issue 14): the owner's alone; for anyone else they do not exist.
  {
    route: 'GET /api/saved-searches',
    request: () => get('/api/saved-searches'),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/saved-searches',
    request: () => json('POST', '/api/saved-searches', { name: 'Lamps', criteria: { q: 'lamp' } }),
    expect: signedIn(201),
  },
  {
    route: 'PATCH /api/saved-searches/:id',
    request: ({ savedSearch }) => json('PATCH', `/api/saved-searches/${savedSearch}`, { frequency: 'daily' }),
    expect: signedIn(200, 404),
  },
  {
    route: 'POST /api/saved-searches/:id/seen',
    request: ({ savedSearch }) => json('POST', `/api/saved-searches/${savedSearch}/seen`),
    expect: signedIn(204, 404),
  },
  {
    route: 'DELETE /api/saved-searches/:id',
    variant: 'a saved search that does not exist',
    request: () => json('DELETE', '/api/saved-searches/00000000-0000-4000-8000-000000000000'),
    expect: signedIn(404),
  },
  {
    route: 'DELETE /api/saved-searches/:id',
    request: ({ savedSearch }) => json('DELETE', `/api/saved-searches/${savedSearch}`),
    expect: signedIn(204, 404),
  },

  // The live event stream stays open: the row reads its status and lets it go.
  {
    route: 'GET /api/live',
    request: () => ({ ...get('/api/live'), payloadAsStream: true }),
    expect: signedIn(200),
  },

  // E-mail unsubscribe links carry their own signature (server/src/mail/unsubscribe.ts):
  // the same answer with or without a session; a forged one changes nothing.
  {
    route: 'GET /unsubscribe/:token',
    request: ({ owner }) => get(`/unsubscribe/${unsubscribeToken(owner.id)}`),
    expect: everyone(200),
  },
  {
    route: 'POST /unsubscribe/:token',
    variant: 'forged signature',
    request: ({ owner }) => form(`/unsubscribe/new-messages.${owner.id}.${'A'.repeat(43)}`),
    expect: everyone(400),
  },
  {
    route: 'POST /unsubscribe/:token',
    variant: "forged signature for another's saved search",
    request: ({ savedSearch }) => form(`/unsubscribe/saved-search-alerts.${savedSearch}.${'A'.repeat(43)}`),
    expect: everyone(400),
  },

  // Payment providers sign their events; a session is no substitute.
  {
    route: 'POST /api/payments/webhooks/demo',
    request: () => json('POST', '/api/payments/webhooks/demo', { type: 'checkout.paid' }),
    expect: everyone(400),
  },
  {
    route: 'POST /api/payments/webhooks/stripe',
    variant: 'Stripe is not configured',
    request: () => json('POST', '/api/payments/webhooks/stripe', {}),
    expect: everyone(404),
  },
];

function adForm(fields: Record<string, string>): Pick<InjectOptions, 'payload' | 'headers'> {
  const { payload, contentType } = multipartForm(fields);
  return { payload, headers: { 'content-type': contentType } };
}

function form(url: string): InjectOptions {
  return {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  };
}

let testApp: TestApp;
let fixture: Fixture;
const collector = routeCollector();

/** Everything the owner has in the database, to show a refused request changed none of it. */
async function ownerState(ownerId: string) {
  const { pool } = testApp.database;
  const query = async (sql: string) => (await pool.query(sql, [ownerId])).rows;
  return {
    profile: await query('select * from profiles where id = $1'),
    ads: await query('select * from advertisements where user_id = $1 order by id'),
    media: await query(
      'select m.* from ad_media m join advertisements a on a.id = m.ad_id where a.user_id = $1 order by m.id',
    ),
    checkouts: await query('select * from checkouts where user_id = $1 order by id'),
    favorites: await query('select * from favorites where user_id = $1 order by ad_id'),
    sessions: await query('select id, expires_at from sessions where user_id = $1 order by id'),
    conversations: await query(
      'select * from conversation_participants where user_id = $1 order by conversation_id, role',
    ),
    messages: await query(
      `select m.* from messages m join conversation_participants p on p.conversation_id = m.conversation_id
       where p.user_id = $1 order by m.id`,
    ),
    blocks: await query('select * from user_blocks where blocker_id = $1 order by blocked_id'),
    reports: await query('select * from conversation_reports where reporter_id = $1 order by id'),
    notifications: await query('select * from notifications where user_id = $1 order by id'),
    savedSearches: await query('select * from saved_searches where user_id = $1 order by id'),
    user: await query('select role, suspended_at, suspended_reason from users where id = $1'),
    adReports: await query(
      'select r.* from ad_reports r join advertisements a on a.id = r.ad_id where a.user_id = $1 order by r.id',
    ),
    audit: await query(
      `select l.* from audit_log l
       where l.target_id = $1 or l.target_id in (select id from advertisements where user_id = $1) order by l.id`,
    ),
  };
}

/** The body of a refused streamed request; a stream that opened is let go unread. */
async function readStreamed(response: LightMyRequestResponse): Promise<string> {
  const stream = response.stream();
  if (response.statusCode < 400) {
    stream.destroy();
    return '';
  }
  let body = '';
  for await (const chunk of stream) body += String(chunk);
  return body;
}

function send(actor: Actor, request: InjectOptions) {
  const seller = actor === 'owner' ? fixture.owner : actor === 'other' ? fixture.other : undefined;
  return testApp.app.inject({
    ...request,
    headers: {
      origin: TEST_PUBLIC_URL,
      ...request.headers,
      ...(seller ? { cookie: seller.cookie } : {}),
    },
  });
}

beforeAll(async () => {
  testApp = await createTestApp({ onRoute: collector.onRoute });
  await loadTestPlaces(testApp.database.pool);
  const [owner, other] = [await createSeller(testApp.app), await createSeller(testApp.app)];
  await giveSellerPlan(testApp, owner.id, 10);
  const posted = async () => {
    const response = await postAd(testApp, owner);
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const [ad, hiddenAd, adToDelete] = [await posted(), await posted(), await posted()];
  // No endpoint hides an ad (spec §5 has no such control); the status exists for moderation.
  await testApp.database.pool.query(`update advertisements set status = 'hidden' where id = $1`, [hiddenAd]);
  const { checkout } = await createCheckout(testApp.app, owner, 'starter');
  const asker = await createSeller(testApp.app);
  const { conversation_id: conversation } = await askAboutAd(testApp, asker, ad);
  const { rows: notifications } = await testApp.database.pool.query<{ id: string }>(
    `select id from notifications where user_id = $1 and kind = 'message'`,
    [owner.id],
  );
  const notification = notifications[0]!.id;
  const savedSearch = (
    await testApp.app.inject({
      ...json('POST', '/api/saved-searches', { name: 'Bikes', criteria: { q: 'bike' } }),
      headers: { origin: TEST_PUBLIC_URL, cookie: owner.cookie },
    })
  ).json<{ id: string }>().id;
  fixture = {
    owner,
    other,
    ad,
    hiddenAd,
    adToDelete,
    checkout: checkout.id,
    conversation,
    notification,
    savedSearch,
  };
});
afterAll(() => testApp.close());

describe('the permission table', () => {
  it('has a row for every route the app serves, and no row for a route it does not', () => {
    const covered = new Set(table.map((row) => row.route));
    expect(collector.routes().filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !collector.routes().includes(route))).toEqual([]);
  });

  // The owner goes last: a refused actor must find the owner's object as it was.
  it.each(table.map((row) => [`${row.route}${row.variant ? ` (${row.variant})` : ''}`, row] as const))(
    '%s',
    async (_name, row) => {
      for (const actor of ['anonymous', 'other', 'owner'] as const) {
        const before = await ownerState(fixture.owner.id);
        const request = await row.request(fixture);
        const response = await send(actor, request);
        expect({ actor, status: response.statusCode }).toEqual({ actor, status: row.expect[actor] });
        const body = request.payloadAsStream ? await readStreamed(response) : response.body;
        if (response.statusCode >= 400) {
          expect(await ownerState(fixture.owner.id)).toEqual(before);
          if (String(response.headers['content-type']).includes('json')) {
            expect(JSON.parse(body)).toMatchObject({
              error: { code: expect.any(String), message: expect.any(String) },
            });
          }
        }
      }
    },
  );
});
