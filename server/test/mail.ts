import { vi } from 'vitest';
import type { OutboxEntry } from '../src/mail/mailer';
import type { TestApp } from './test-app';

/**
 * The newest message to this address whose subject contains `subject`, once it has been
 * written (the app sends mail in the background, after answering).
 */
export async function waitForMail(testApp: TestApp, to: string, subject: string): Promise<OutboxEntry> {
  return vi.waitFor(
    async () => {
      const messages = (await testApp.outbox()).filter(
        (message) => message.to === to && message.subject.includes(subject),
      );
      const newest = messages.at(-1);
      if (!newest) throw new Error(`No message "${subject}" to ${to} yet`);
      return newest;
    },
    { timeout: 5_000, interval: 25 },
  );
}

/** How many messages to this address the outbox holds. */
export async function countMail(testApp: TestApp, to: string): Promise<number> {
  return (await testApp.outbox()).filter((message) => message.to === to).length;
}

/** The one link of a message (verification and reset e-mails carry exactly one). */
export function linkOf(message: OutboxEntry): URL {
  const [link] = message.links;
  if (!link) throw new Error(`Message "${message.subject}" has no link`);
  return new URL(link);
}

/** Confirms this address as its owner does: follows the link of its confirmation e-mail. */
export async function confirmAddress(testApp: TestApp, email: string): Promise<void> {
  const message = await waitForMail(testApp, email, 'Confirm your e-mail address');
  const link = linkOf(message);
  const response = await testApp.app.inject({ url: link.pathname + link.search });
  if (response.headers.location !== '/email-verified') {
    throw new Error(`Confirming ${email} failed (${response.statusCode}): ${response.headers.location}`);
  }
}
