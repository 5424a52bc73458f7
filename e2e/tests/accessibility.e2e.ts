/**
 * axe-core on every page, signed out and in, at desktop and phone width: no serious or
 * critical violation anywhere, nor two landmarks alike. A page someone adds to the app gets a
 * line in `pages` below.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type Axe from 'axe-core';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInAsAdmin, signUpAndSignIn } from '../support/accounts';
import { DESKTOP, hasChromium, PHONE, useBrowser, type Session } from '../support/browser';

/** Who looks at the page: nobody signed in, a demo seller with ads and a plan, a new trial seller, or the admin. */
type Visitor = 'anonymous' | 'demo seller' | 'new seller' | 'admin';

/** What the pages need to know about the demo data, found once before the first page. */
interface Fixture {
  /** An active ad of the demo seller's. */
  demoSellerAdId: string;
  /** The demo seller's id, for their public page. */
  demoSellerId: string;
  /** A word that finds several ads. */
  searchWord: string;
  /** A conversation between the new seller (asking) and the demo seller about that ad. */
  conversationId: string;
}

interface AuditedPage {
  name: string;
  visitor: Visitor;
  path: string | ((fixture: Fixture) => string);
  /** Something that shows once the page has its data (a heading, usually). */
  ready: (page: Page) => Locator;
  /** Puts the page in the state to check (opens a menu, a dialog...) after it is ready. */
  open?: (page: Page) => Promise<void>;
  /** Only at one width (a state that exists only there, such as the mobile menu). */
  only?: 'desktop' | 'phone';
}

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { name, level: 1 }).first();

export const pages: AuditedPage[] = [
  // Signed out.
  { name: 'home', visitor: 'anonymous', path: '/', ready: heading(/./) },
  { name: 'login', visitor: 'anonymous', path: '/login', ready: heading('Welcome Back') },
  { name: 'register', visitor: 'anonymous', path: '/register', ready: heading('Create Account') },
  {
    name: 'forgot password',
    visitor: 'anonymous',
    path: '/forgot-password',
    ready: heading('Forgot Password?'),
  },
  {
    name: 'login with an error toast',
    visitor: 'anonymous',
    path: '/login',
    ready: heading('Welcome Back'),
    open: async (page) => {
      await page.getByLabel('Email').fill('nobody@example.com');
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByText('Sign in Failed', { exact: true }).waitFor();
      // Its colours are checked once it has slid in: half-way, it is half transparent.
      await page.waitForFunction(() =>
        document.getAnimations().every((animation) => animation.playState !== 'running'),
      );
    },
  },
  {
    name: 'header search with suggestions open',
    visitor: 'anonymous',
    path: '/',
    ready: heading(/./),
    open: async (page) => {
      await page.locator('input[role="combobox"]:visible').first().pressSequentially('bi');
      await page.getByRole('listbox', { name: 'Suggestions' }).waitFor();
    },
  },
  {
    name: 'search with results',
    visitor: 'anonymous',
    path: ({ searchWord }) => `/search?q=${searchWord}`,
    ready: (page) => page.getByRole('main').getByRole('article').first(),
  },
  {
    name: 'search filters with their hints',
    visitor: 'anonymous',
    path: '/search?minPrice=500&maxPrice=50',
    ready: heading('Search Ads'),
    open: async (page) => {
      await page.getByRole('combobox', { name: 'Near' }).fill('Zzzzqx');
      await page.getByText('Choose one of the suggested places to search around it.').waitFor();
      // The fields' hint (the empty results say it too).
      await page
        .getByRole('form', { name: 'Filters' })
        .getByText('Max Price is below Min Price, so no ad can match.')
        .waitFor();
    },
    only: 'desktop',
  },
  {
    name: 'phone filter sheet with its hints',
    visitor: 'anonymous',
    path: '/search?minPrice=500&maxPrice=50',
    ready: heading('Search Ads'),
    open: async (page) => {
      await page.getByRole('button', { name: /^Filters/ }).click();
      const sheet = page.getByRole('dialog', { name: 'Filters' });
      await sheet.getByRole('combobox', { name: 'Near' }).fill('Zzzzqx');
      await sheet.getByText('Choose one of the suggested places to search around it.').waitFor();
      await sheet.getByText('Max Price is below Min Price, so no ad can match.').waitFor();
    },
    only: 'phone',
  },
  {
    name: 'category',
    visitor: 'anonymous',
    path: '/category/electronics',
    ready: (page) => page.getByRole('main').getByRole('article').first(),
  },
  {
    name: 'ad page',
    visitor: 'anonymous',
    path: ({ demoSellerAdId }) => `/ad/${demoSellerAdId}`,
    ready: heading(/./),
  },
  {
    name: 'photo viewer',
    visitor: 'anonymous',
    path: ({ demoSellerAdId }) => `/ad/${demoSellerAdId}`,
    ready: heading(/./),
    open: async (page) => {
      await page.getByRole('button', { name: / full screen$/ }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'seller page',
    visitor: 'anonymous',
    path: ({ demoSellerId }) => `/seller/${demoSellerId}`,
    ready: (page) => page.getByRole('main').getByRole('article').first(),
  },
  { name: 'favorites signed out', visitor: 'anonymous', path: '/favorites', ready: heading('Access Denied') },
  {
    name: 'saved searches signed out',
    visitor: 'anonymous',
    path: '/saved-searches',
    ready: heading('Access Denied'),
  },
  { name: 'subscription', visitor: 'anonymous', path: '/subscription', ready: heading(/./) },
  { name: 'not found', visitor: 'anonymous', path: '/no/such/page', ready: heading('Page Not Found') },
  { name: 'help center', visitor: 'anonymous', path: '/help', ready: heading('Help Center') },
  { name: 'safety tips', visitor: 'anonymous', path: '/safety', ready: heading('Safety Tips') },
  { name: 'terms of service', visitor: 'anonymous', path: '/terms', ready: heading('Terms of Service') },
  { name: 'privacy policy', visitor: 'anonymous', path: '/privacy', ready: heading('Privacy Policy') },
  {
    name: 'notifications bell',
    visitor: 'demo seller',
    path: '/',
    ready: heading(/./),
    open: async (page) => {
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
    },
  },
  {
    name: 'mobile menu',
    visitor: 'anonymous',
    path: '/',
    ready: heading(/./),
    open: openMobileMenu,
    only: 'phone',
  },

  // Signed in: a seller with ads, a plan and statistics.
  { name: 'dashboard', visitor: 'demo seller', path: '/dashboard', ready: heading(/^Welcome back/) },
  {
    name: 'dashboard analytics',
    visitor: 'demo seller',
    path: '/dashboard?tab=analytics',
    ready: heading(/^Welcome back/),
  },
  {
    name: 'dashboard social',
    visitor: 'demo seller',
    path: '/dashboard?tab=social',
    ready: heading(/^Welcome back/),
  },
  {
    name: 'dashboard settings',
    visitor: 'demo seller',
    path: '/dashboard?tab=settings',
    ready: heading(/^Welcome back/),
  },
  { name: 'profile', visitor: 'demo seller', path: '/profile', ready: heading(/./) },
  { name: 'profile my ads', visitor: 'demo seller', path: '/profile?tab=my-ads', ready: heading(/./) },
  {
    name: 'profile achievements',
    visitor: 'demo seller',
    path: '/profile?tab=achievements',
    ready: heading(/./),
  },
  {
    name: 'change password dialog',
    visitor: 'demo seller',
    path: '/profile?tab=settings',
    ready: heading(/./),
    open: async (page) => {
      await page.getByRole('button', { name: 'Change Password' }).click();
      await page.getByRole('dialog', { name: 'Change your password' }).waitFor();
    },
  },
  { name: 'post ad', visitor: 'demo seller', path: '/post-ad', ready: heading(/./) },
  {
    name: 'edit ad',
    visitor: 'demo seller',
    path: ({ demoSellerAdId }) => `/ad/${demoSellerAdId}/edit`,
    ready: (page) => page.getByLabel('Title'),
  },
  { name: 'subscription', visitor: 'demo seller', path: '/subscription', ready: heading(/./) },
  {
    name: 'plan change dialog',
    visitor: 'demo seller',
    path: '/subscription',
    ready: heading(/./),
    open: async (page) => {
      await page.getByRole('button', { name: 'Subscribe' }).first().click();
      await page
        .getByRole('dialog', { name: /^Switch to the / })
        .getByText(/^You have \d+ active ads/)
        .waitFor();
    },
  },
  {
    name: 'ad page as owner',
    visitor: 'demo seller',
    path: ({ demoSellerAdId }) => `/ad/${demoSellerAdId}`,
    ready: heading(/./),
  },
  { name: 'messages', visitor: 'demo seller', path: '/messages', ready: heading('Messages') },
  {
    name: 'conversation',
    visitor: 'demo seller',
    path: ({ conversationId }) => `/messages/${conversationId}`,
    ready: (page) => page.getByRole('list', { name: 'Messages' }).getByRole('listitem').first(),
  },
  {
    name: 'user menu',
    visitor: 'demo seller',
    path: '/',
    ready: heading(/./),
    open: async (page) => {
      await page
        .getByRole('navigation', { name: 'Account' })
        .getByRole('button', { name: 'User menu' })
        .click();
      await page.getByRole('menu').waitFor();
    },
    only: 'desktop',
  },
  {
    name: 'mobile menu',
    visitor: 'demo seller',
    path: '/',
    ready: heading(/./),
    open: openMobileMenu,
    only: 'phone',
  },

  // Signed in: a new seller on the trial, with no ads yet.
  { name: 'dashboard', visitor: 'new seller', path: '/dashboard', ready: heading(/^Welcome back/) },
  { name: 'subscription', visitor: 'new seller', path: '/subscription', ready: heading(/./) },
  {
    name: 'ad page as other user',
    visitor: 'new seller',
    path: ({ demoSellerAdId }) => `/ad/${demoSellerAdId}`,
    ready: heading(/./),
  },
  {
    name: 'conversation',
    visitor: 'new seller',
    path: ({ conversationId }) => `/messages/${conversationId}`,
    ready: (page) => page.getByRole('list', { name: 'Messages' }).getByRole('listitem').first(),
  },
  {
    name: 'report dialog',
    visitor: 'new seller',
    path: ({ demoSellerAdId }) => `/ad/${demoSellerAdId}`,
    ready: heading(/./),
    open: async (page) => {
      await page.getByRole('button', { name: 'Report' }).click();
      await page.getByRole('dialog', { name: 'Report this ad' }).waitFor();
    },
  },
  {
    name: 'favorites',
    visitor: 'new seller',
    path: '/favorites',
    ready: (page) => page.getByRole('main').getByRole('article').first(),
  },
  {
    name: 'saved searches',
    visitor: 'new seller',
    path: '/saved-searches',
    ready: (page) => page.getByRole('main').getByRole('article').first(),
  },
  {
    name: 'save search dialog',
    visitor: 'new seller',
    path: ({ searchWord }) => `/search?q=${searchWord}`,
    ready: heading('Search Ads'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Save search' }).click();
      await page.getByRole('dialog', { name: 'Save this search' }).waitFor();
    },
  },
  { name: 'admin access denied', visitor: 'new seller', path: '/admin', ready: heading('Access Denied') },

  // Signed in: the admin (ADMIN_EMAILS), in the moderation console.
  {
    name: 'admin queue',
    visitor: 'admin',
    path: '/admin',
    ready: (page) => page.getByRole('region', { name: 'Moderation queue' }).getByRole('article').first(),
  },
  {
    name: 'admin users',
    visitor: 'admin',
    path: '/admin?tab=users',
    ready: heading('Moderation'),
    open: async (page) => {
      await page
        .getByRole('button', { name: /^Details of/ })
        .first()
        .click();
      await page.getByRole('heading', { name: /^Ads \(/ }).waitFor();
    },
  },
  { name: 'admin audit log', visitor: 'admin', path: '/admin?tab=audit', ready: heading('Moderation') },
];

async function openMobileMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await menu.waitFor();
  // A signed-in person's entries come with the header's signed-in code: audited once they are there.
  await menu.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
}

/** Violations at these impacts fail the page... */
const failingImpacts = new Set(['serious', 'critical']);
/** ...and these rules at any: landmarks a screen reader's list of them cannot tell apart. */
const failingRules = new Set(['landmark-unique']);

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core in the page. Injected with `evaluate` (not a script tag), so the app's
 * Content-Security-Policy stays as it is. The experimental rules run too:
 * label-content-name-mismatch is one of them.
 */
async function audit(page: Page): Promise<Result[]> {
  await page.evaluate(await axeSource);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof Axe }).axe;
    const experimental = axe
      .getRules(['experimental'])
      .map((rule) => [rule.ruleId, { enabled: true }] as const);
    return axe.run(document, { rules: Object.fromEntries(experimental) });
  });
  return (results as AxeResults).violations.filter(
    (violation) => failingImpacts.has(violation.impact ?? '') || failingRules.has(violation.id),
  );
}

/** One line per rule and one per node: what is wrong and where, to fix it without rerunning. */
function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) =>
      [
        `${violation.id} (${violation.impact}): ${violation.help}, ${violation.nodes.length} node(s)`,
        ...violation.nodes.map(
          (node) =>
            `    ${node.target.join(' ')}\n      ${node.failureSummary?.replaceAll('\n', '\n      ')}`,
        ),
      ].join('\n'),
    )
    .join('\n');
}

describe.skipIf(!hasChromium)('accessibility', () => {
  const { openSession } = useBrowser();

  describe.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('at %s width', (width, viewport) => {
    // One browser context per visitor at this width, signed in once and reused by its pages.
    const sessions = new Map<Visitor, Promise<Session>>();
    let fixture: Fixture;

    function sessionOf(visitor: Visitor): Promise<Session> {
      let session = sessions.get(visitor);
      if (!session) {
        session = openSession(viewport).then(async (opened) => {
          if (visitor === 'demo seller') await signInAsDemoSeller(opened.context);
          if (visitor === 'new seller') await signUpAndSignIn(opened, { name: 'Robin Avery' });
          if (visitor === 'admin') {
            // The console is audited with something in it: the new seller reports a demo ad, and
            // the demo seller reports the new seller's message (a conversation in the queue).
            const reporter = await sessionOf('new seller');
            const report = await reporter.page.request.post(`/api/ads/${fixture.demoSellerAdId}/reports`, {
              data: { reason: 'scam', details: 'Asks for a deposit before any viewing.' },
              headers: { origin: reporter.origin },
            });
            expect(report.status(), await report.text()).toBe(201);
            const demoSeller = await sessionOf('demo seller');
            const reported = await demoSeller.page.request.post(
              `/api/conversations/${fixture.conversationId}/reports`,
              {
                data: { reason: 'scam', details: 'Offers a gift card and wants to move to WhatsApp.' },
                headers: { origin: demoSeller.origin },
              },
            );
            expect(reported.status(), await reported.text()).toBe(201);
            await signInAsAdmin(opened);
          }
          return opened;
        });
        sessions.set(visitor, session);
      }
      return session;
    }

    beforeAll(async () => {
      const { page } = await sessionOf('demo seller');
      const response = await page.request.get('/api/me/ads?limit=1');
      const { ads } = (await response.json()) as { ads: { id: string; title: string }[] };
      const demoSellerAdId = ads[0]!.id;
      // The new seller asks about it, so both have a conversation (with a warning to show).
      const asker = await sessionOf('new seller');
      const asked = await asker.page.request.post('/api/conversations', {
        headers: { origin: asker.origin },
        data: {
          ad_id: demoSellerAdId,
          body: 'Hi, is this still available? I can pay by gift card, or text me on WhatsApp.',
        },
      });
      expect(asked.status(), await asked.text()).toBe(201);
      const { conversation_id: conversationId } = (await asked.json()) as { conversation_id: string };
      // ...and likes it, so that /favorites has something to show.
      const liked = await asker.page.request.put(`/api/ads/${demoSellerAdId}/favorite`, {
        headers: { origin: asker.origin },
      });
      expect(liked.status(), await liked.text()).toBe(200);
      // ...and saves a search, so that /saved-searches has one (issue 14).
      const saved = await asker.page.request.post('/api/saved-searches', {
        headers: { origin: asker.origin },
        data: { name: 'Bikes under $500', criteria: { q: 'bike', maxPrice: 500 } },
      });
      expect(saved.status(), await saved.text()).toBe(201);
      const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
      fixture = { demoSellerAdId, demoSellerId: me.user.id, searchWord: 'bike', conversationId };
    });
    afterAll(async () => {
      for (const session of sessions.values()) await (await session).context.close();
    });

    it.for(pages.filter((entry) => (entry.only ?? width) === width))('$name ($visitor)', async (entry) => {
      const { page } = await sessionOf(entry.visitor);
      const path = typeof entry.path === 'string' ? entry.path : entry.path(fixture);
      await page.goto(path);
      await entry.ready(page).waitFor();
      await page.waitForLoadState('networkidle');
      await entry.open?.(page);
      const violations = await audit(page);
      expect(violations.length, `${path} at ${width} width:\n${describeViolations(violations)}`).toBe(0);
    });
  });
});

describe.skipIf(!hasChromium)('the skip link', () => {
  const { openSession } = useBrowser();

  it('is the first thing Tab reaches, shows itself when focused and moves focus to the page', async () => {
    const session = await openSession();
    const { page } = session;
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const skipLink = page.getByRole('link', { name: 'Skip to content' });
    expect(await skipLink.boundingBox(), 'hidden until focused').toMatchObject({ width: 1, height: 1 });
    await page.keyboard.press('Tab');
    expect(await skipLink.evaluate((link) => link === document.activeElement)).toBe(true);
    expect((await skipLink.boundingBox())?.width).toBeGreaterThan(50);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.activeElement?.closest('header, main')?.tagName),
      'the next Tab goes on inside the page, past the header',
    ).toBe('MAIN');
    await session.context.close();
  });
});

async function signInAsDemoSeller(context: BrowserContext) {
  const response = await context.request.post('/api/auth/sign-in/email', {
    data: { email: 'maria@demo.bazaar.local', password: 'bazaar-demo' },
    headers: { origin: inject('baseUrl') },
  });
  expect(response.status(), await response.text()).toBe(200);
}
