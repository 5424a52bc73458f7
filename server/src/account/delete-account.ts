import { HOUR_MS } from '@bazaar/common/constants';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from '../auth/auth';
import type { Database } from '../db/database';
import { accounts, adMedia, advertisements, checkouts, paymentEvents, profiles, users } from '../db/schema';
import { limitAttempts } from '../http/attempt-limit';
import { passwordNotSet, unauthenticated, wrongPassword } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { deleteStoredObjects, storageKeysOf } from '../media/ad-images';
import { withPendingMedia } from '../media/pending-media';
import type { Storage } from '../media/storage';
import type { PaymentGateways } from '../payments/payment-gateway';
import { accountDeletedEmail } from './emails';

export interface DeleteAccountDependencies {
  db: Database;
  auth: Auth;
  storage: Storage;
  mailer: Mailer;
  gateways: PaymentGateways;
  log: FastifyBaseLogger;
}

/**
 * Password checks per account an hour: someone holding another person's session must not be
 * able to guess their password here faster than at sign-in.
 */
export const PASSWORD_CHECKS_PER_HOUR = 10;

/** Checks the password of the account's e-mail sign-in; social-only accounts have none yet. */
async function checkPassword(auth: Auth, db: Database, userId: string, password: string): Promise<void> {
  await limitAttempts(db, `delete-account:${userId}`, {
    windowMs: HOUR_MS,
    max: PASSWORD_CHECKS_PER_HOUR,
  });
  const [credential] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(
      and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password)),
    );
  if (!credential?.hash) throw passwordNotSet();
  const context = await auth.$context;
  if (!(await context.password.verify({ hash: credential.hash, password }))) {
    throw wrongPassword();
  }
}

/** Runs `work` under a pending-media marker for each ad, so a crash leaves no orphaned file. */
function withPendingMediaOfAds<T>(storage: Storage, adIds: string[], work: () => Promise<T>): Promise<T> {
  return adIds.reduceRight<() => Promise<T>>(
    (next, adId) => () => withPendingMedia(storage, adId, next),
    work,
  )();
}

/**
 * Deletes a person's account (issue 13): their ads (with media rows, favourites and views),
 * favourites, sessions, sign-in accounts and profile go in one transaction; their messages stay
 * for the other side with the sender gone (messaging's foreign keys are ON DELETE SET NULL);
 * checkouts and payments stay for accounting without the person (user_id set null, e-mail
 * taken out of the provider events). Files go after the commit; a plan billed by Stripe is
 * ended there first, so it never bills a deleted account.
 */
export async function deleteAccount(
  { db, auth, storage, mailer, gateways, log }: DeleteAccountDependencies,
  userId: string,
  password: string,
): Promise<void> {
  await checkPassword(auth, db, userId, password);
  const [person] = await db
    .select({
      email: users.email,
      name: users.name,
      provider: profiles.subscription_provider,
      subscriptionId: profiles.provider_subscription_id,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  if (!person) throw unauthenticated();
  if (person.provider && person.subscriptionId) {
    await gateways.byProvider[person.provider]?.endSubscription(person.subscriptionId);
  }

  const adIds = (
    await db.select({ id: advertisements.id }).from(advertisements).where(eq(advertisements.user_id, userId))
  ).map((ad) => ad.id);
  await withPendingMediaOfAds(storage, adIds, async () => {
    const keys = await db.transaction(async (tx) => {
      // Ads posted meanwhile are deleted too: the lock is taken on the user's row first.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const ads = await tx
        .select({ id: advertisements.id })
        .from(advertisements)
        .where(eq(advertisements.user_id, userId))
        .for('update');
      const ids = ads.map((ad) => ad.id);
      const media =
        ids.length > 0
          ? await tx
              .select({ storage_key: adMedia.storage_key, card_key: adMedia.card_key })
              .from(adMedia)
              .where(inArray(adMedia.ad_id, ids))
          : [];
      const ownCheckouts = tx
        .select({ id: checkouts.id })
        .from(checkouts)
        .where(eq(checkouts.user_id, userId));
      await tx
        .update(paymentEvents)
        .set({
          payload: sql`${paymentEvents.payload} #- '{data,object,customer_email}' #- '{data,object,customer_details}'`,
        })
        .where(inArray(paymentEvents.checkout_id, ownCheckouts));
      await tx.delete(advertisements).where(eq(advertisements.user_id, userId));
      await tx.delete(users).where(eq(users.id, userId));
      return storageKeysOf(media);
    });
    await deleteStoredObjects(storage, keys, log);
  });
  try {
    await mailer.send(accountDeletedEmail(person.email, person.name));
  } catch (error) {
    // The account is gone either way; a lost goodbye is not worth an error to the person.
    log.error({ err: error }, 'could not send the account deletion e-mail');
  }
}
