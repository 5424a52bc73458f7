import { randomInt } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { launchChromium } from './chromium';

import { DESKTOP } from './browser-sizes';

export { DESKTOP, PHONE } from './browser-sizes';

/**
 * A client address of its own for each browser context (the app trusts the proxy header), so
 * the per-address sign-in and sign-up limits meet each journey afresh. Random rather than
 * counted: every test file loads this module anew, and counters starting at 1 in each file
 * gave the files of one run the same addresses until the limits answered 429.
 */
function nextClientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export interface Session {
  /** The address the pages of this session are opened at. */
  origin: string;
  context: BrowserContext;
  page: Page;
  /** Uncaught errors and console errors seen on the page (CSP violations among them). */
  errors: string[];
  /** Requests of the page that failed or were answered with an error status, as `STATUS url`. */
  failedRequests: string[];
}

/**
 * One Chromium per test file, started in beforeAll; `openSession` gives each journey a
 * clean browser context (its own cookies) at the app's address.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchChromium(inject('chromiumPath'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  /**
   * `origin`: open the app at another address of the same server than PUBLIC_URL's;
   * `javaScriptEnabled: false`: pages as a browser without scripts (or a crawler) sees them.
   */
  async function openSession(
    viewport = DESKTOP,
    { origin = baseUrl, javaScriptEnabled = true } = {},
  ): Promise<Session> {
    if (!browser) throw new Error('The browser has not started');
    const context = await browser.newContext({
      baseURL: origin,
      viewport,
      javaScriptEnabled,
      extraHTTPHeaders: { 'x-forwarded-for': nextClientAddress() },
    });
    const page = await context.newPage();
    const errors: string[] = [];
    const failedRequests: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      // The browser logs a failed request as a console error; `failedRequests` has it by name,
      // and the test that caused it (a wrong password, say) decides whether it is expected.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        errors.push(message.text());
      }
    });
    page.on('response', (response) => {
      if (response.status() >= 400) failedRequests.push(`${response.status()} ${response.url()}`);
    });
    page.on('requestfailed', (request) => {
      // A request cut short by leaving the page is no failure of the app.
      if (request.failure()?.errorText !== 'net::ERR_ABORTED') failedRequests.push(`failed ${request.url()}`);
    });
    return { origin, context, page, errors, failedRequests };
  }

  return { baseUrl, openSession };
}

export const hasChromium = Boolean(inject('chromiumPath'));

/** A message as the app's local outbox keeps it. */
export interface MailedMessage {
  to: string;
  subject: string;
  links: string[];
}

/** Messages in the app's local outbox, oldest first. */
export async function readOutbox(): Promise<MailedMessage[]> {
  const outbox = path.join(inject('dataDir'), 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).sort();
  return Promise.all(files.map(async (file) => JSON.parse(await readFile(path.join(outbox, file), 'utf8'))));
}

/**
 * The newest message to `to` whose subject contains `subject`, once `count` of them have
 * arrived (the app's job workers send some: give those a longer `timeoutMs`).
 */
export async function mailedMessage(
  to: string,
  subject: string,
  { count = 1, timeoutMs = 10_000 } = {},
): Promise<MailedMessage> {
  let newest: MailedMessage | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await readOutbox()).filter(
          (message) => message.to === to && message.subject.includes(subject),
        );
        newest = messages.at(-1);
        return messages.length;
      },
      { timeout: timeoutMs },
    )
    .toBeGreaterThanOrEqual(count);
  return newest!;
}

/** The first link of the newest message to `to` about `subject` (mailedMessage). */
export async function mailedLink(to: string, subject: string, count = 1): Promise<string> {
  const link = (await mailedMessage(to, subject, { count })).links[0];
  if (!link) throw new Error(`No link in "${subject}" to ${to}`);
  return link;
}

/** The messages of every alert, confirm or prompt the page opens from now on, each dismissed. */
export function collectDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  return messages;
}

/** Fails the test if the page logged errors (uncaught exceptions, CSP violations). */
export function expectNoPageErrors(session: Session): void {
  expect(session.errors, 'errors on the page').toEqual([]);
}

/** Fails the test if the page logged errors or any of its requests failed (each is a console error). */
export function expectCleanConsole(session: Session): void {
  expectNoPageErrors(session);
  expect(session.failedRequests, 'failed requests').toEqual([]);
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}
