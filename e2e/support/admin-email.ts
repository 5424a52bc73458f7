import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The e2e app is started with ADMIN_EMAILS naming this address (global-setup.ts), which
 * creates the account and confirms its address, so it is an admin when a test signs it in.
 * Kept apart from accounts.ts, which needs the test runner, because global setup reads it too.
 */
export const E2E_ADMIN_EMAIL = 'admin@e2e.bazaar.local';
export const E2E_ADMIN_PASSWORD = 'correct-horse-battery';

/** The link of the confirmation e-mail to `email` in the app's local outbox, once it is there. */
async function confirmationLink(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    for (const file of await readdir(outbox).catch(() => [] as string[])) {
      const text = await readFile(path.join(outbox, file), 'utf8');
      // A message being written is read again on the next round.
      const message = (() => {
        try {
          return JSON.parse(text) as { to: string; links: string[] };
        } catch {
          return undefined;
        }
      })();
      if (message?.to === email && message.links[0]) return message.links[0];
    }
    await sleep(50);
  }
  throw new Error(`No confirmation e-mail to ${email} in ${outbox}`);
}

/**
 * Registers the admin's account and confirms its address as its owner would (the link of
 * the e-mail): ADMIN_EMAILS grants the role to a confirmed address only.
 */
export async function createConfirmedAdmin(baseUrl: string, dataDir: string): Promise<void> {
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name: 'Ada Admin', email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD }),
  });
  if (!signUp.ok) throw new Error(`Signing the admin up failed: ${signUp.status} ${await signUp.text()}`);
  const link = new URL(await confirmationLink(dataDir, E2E_ADMIN_EMAIL));
  const confirmed = await fetch(`${baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' });
  if (confirmed.headers.get('location') !== '/email-verified') {
    throw new Error(
      `Confirming the admin's address failed: ${confirmed.status} ${confirmed.headers.get('location')}`,
    );
  }
}
