import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { isUuid } from '@bazaar/common/ids';
import type { ProfileSettings } from '@bazaar/common/settings';

/**
 * Signed one-click unsubscribe links (RFC 8058). A link names one topic and one subject —
 * a user and one of their e-mail settings, or one saved search whose alerts it turns off —
 * and carries an HMAC of both: whoever holds it (the recipient, their mail provider) may
 * turn that off without signing in, and nobody can make one for another subject or topic
 * without the key. Links do not expire: an old e-mail's link must still work.
 */

/** The e-mail settings a link can turn off, by the name the link carries. */
const unsubscribableSettings = {
  'new-messages': 'emailNewMessages',
} as const satisfies Record<string, keyof ProfileSettings>;

type SettingTopic = keyof typeof unsubscribableSettings;

/** A saved search's alerts (issue 14): the link names the saved search and sets its alerts to Off. */
const SAVED_SEARCH_ALERTS = 'saved-search-alerts';

export type UnsubscribeTopic = SettingTopic | typeof SAVED_SEARCH_ALERTS;

export type UnsubscribeGrant =
  | { userId: string; topic: SettingTopic; setting: (typeof unsubscribableSettings)[SettingTopic] }
  | { savedSearchId: string; topic: typeof SAVED_SEARCH_ALERTS };

const isTopic = (topic: string): topic is UnsubscribeTopic =>
  topic === SAVED_SEARCH_ALERTS || Object.hasOwn(unsubscribableSettings, topic);

/** Where the links live: GET shows a confirm button, POST (the button, or the mail provider) unsubscribes. */
export const UNSUBSCRIBE_PATH_PREFIX = '/unsubscribe/';

const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The signing key: derived from the auth secret, so every instance that shares AUTH_SECRET
 * agrees on it, and it signs nothing but these links.
 */
export function deriveUnsubscribeKey(authSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, 'bazaar', 'unsubscribe links v1', 32));
}

function signatureOf(key: Buffer, topic: string, subjectId: string): Buffer {
  return createHmac('sha256', key).update(`unsubscribe:${topic}:${subjectId}`).digest();
}

/**
 * `<topic>.<subject id>.<base64url HMAC-SHA256>`: safe in a path, no padding. The subject is
 * the user for a setting's topic, the saved search for `saved-search-alerts`.
 */
export function createUnsubscribeToken(key: Buffer, subjectId: string, topic: UnsubscribeTopic): string {
  return `${topic}.${subjectId}.${signatureOf(key, topic, subjectId).toString('base64url')}`;
}

export function unsubscribeUrl(publicUrl: string, key: Buffer, subjectId: string, topic: UnsubscribeTopic) {
  return `${publicUrl}${UNSUBSCRIBE_PATH_PREFIX}${createUnsubscribeToken(key, subjectId, topic)}`;
}

/** What a token grants, or null when it is malformed, forged or altered in any part. */
export function readUnsubscribeToken(key: Buffer, token: string): UnsubscribeGrant | null {
  const [topic, subjectId, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !topic || !subjectId || !signature) return null;
  if (!isTopic(topic) || !isUuid(subjectId) || !SIGNATURE.test(signature)) return null;
  // Compared as text: base64url decoding ignores the last character's spare bits, so
  // comparing decoded bytes would accept a link changed in its last character.
  const given = Buffer.from(signature);
  const expected = Buffer.from(signatureOf(key, topic, subjectId).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (topic === SAVED_SEARCH_ALERTS) return { savedSearchId: subjectId, topic };
  return { userId: subjectId, topic, setting: unsubscribableSettings[topic] };
}

/**
 * The headers that let a mail client offer its own Unsubscribe button, which POSTs
 * `List-Unsubscribe=One-Click` to the link (RFC 8058; Gmail and Yahoo require them of bulk senders).
 */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
