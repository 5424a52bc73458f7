import { paths } from '@bazaar/common/site-paths';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../db/database';
import { page } from '../payments/checkout-pages';
import { savedSearchExists, turnSavedSearchAlertsOff } from '../saved-searches/queries';
import { readUnsubscribeToken, UNSUBSCRIBE_PATH_PREFIX, type UnsubscribeGrant } from './unsubscribe';

/** What each topic is called on the page. */
const topicNames: Record<UnsubscribeGrant['topic'], string> = {
  'new-messages': 'e-mails about new messages',
  'saved-search-alerts': 'alerts of this saved search',
};

/** What the confirmation page says stays and how to undo it, per topic. */
const topicNotes: Record<UnsubscribeGrant['topic'], string> = {
  'new-messages':
    'You will still see new messages on the site, and you can turn these e-mails back on in your settings.',
  'saved-search-alerts': `Its alerts are set to Off; the search stays saved, and you can turn alerts back on in <a href="${paths.savedSearches}">Saved searches</a>.`,
};

const SETTINGS_LINK = `<p class="note"><a href="${paths.dashboard}?tab=settings">Your e-mail settings</a></p>`;

function sendPage(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  return (
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // The token is in the address: it stays out of other sites' Referer and search engines.
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex')
      .send(page(title, `<h1>${title}</h1>${body}`))
  );
}

const invalidLink = (reply: FastifyReply) =>
  sendPage(
    reply,
    400,
    'This unsubscribe link is not valid',
    '<p class="muted">It may have been cut short or changed. Nothing was changed. You can turn e-mails off in your settings after signing in.</p>' +
      SETTINGS_LINK,
  );

const goneAccount = (reply: FastifyReply) =>
  sendPage(
    reply,
    404,
    'This account no longer exists',
    '<p class="muted">There is nothing to unsubscribe from: Bazaar no longer sends e-mails to it.</p>',
  );

const goneSavedSearch = (reply: FastifyReply) =>
  sendPage(
    reply,
    404,
    'This saved search no longer exists',
    '<p class="muted">There is nothing to unsubscribe from: it was deleted, and Bazaar sends no alerts for it.</p>',
  );

/**
 * The signed one-click unsubscribe links of e-mails (server/src/mail/unsubscribe.ts):
 * `GET /unsubscribe/:token` only asks (mail scanners follow links, and must not unsubscribe
 * anyone), `POST` to the same address turns the setting off, without signing in: the
 * page's button, or the mail client's own Unsubscribe button (RFC 8058, a POST with
 * `List-Unsubscribe=One-Click`). Plain HTML pages outside the single-page app.
 */
export async function registerUnsubscribeRoutes(
  app: FastifyInstance,
  { db, key }: { db: Database; key: Buffer },
) {
  const profileExists = async (userId: string) =>
    (await db.execute(sql`select 1 from profiles where id = ${userId}`)).rows.length > 0;

  await app.register(async (scope) => {
    // Mail providers post `List-Unsubscribe=One-Click` form-encoded (or as multipart); the
    // body says nothing the address does not, so it is read and ignored, whatever its type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
      done(null, body),
    );

    scope.get<{ Params: { token: string } }>(
      `${UNSUBSCRIBE_PATH_PREFIX}:token`,
      { schema: { hide: true } },
      async (request, reply) => {
        const grant = readUnsubscribeToken(key, request.params.token);
        if (!grant) return invalidLink(reply);
        if (grant.topic === 'saved-search-alerts') {
          if (!(await savedSearchExists(db, grant.savedSearchId))) return goneSavedSearch(reply);
        } else if (!(await profileExists(grant.userId))) {
          return goneAccount(reply);
        }
        const name = topicNames[grant.topic];
        return sendPage(
          reply,
          200,
          `Unsubscribe from ${name}?`,
          `<p class="muted">Bazaar will stop sending you ${name}. ${topicNotes[grant.topic]}</p>
<form method="post" action="${UNSUBSCRIBE_PATH_PREFIX}${request.params.token}" style="margin-top:20px">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" class="primary">Unsubscribe</button>
</form>`,
        );
      },
    );

    scope.post<{ Params: { token: string } }>(
      `${UNSUBSCRIBE_PATH_PREFIX}:token`,
      { schema: { hide: true } },
      async (request, reply) => {
        const grant = readUnsubscribeToken(key, request.params.token);
        if (!grant) return invalidLink(reply);
        if (grant.topic === 'saved-search-alerts') {
          if (!(await turnSavedSearchAlertsOff(db, grant.savedSearchId))) return goneSavedSearch(reply);
          request.log.info({ savedSearchId: grant.savedSearchId }, 'saved search alerts off by e-mail link');
          return sendPage(
            reply,
            200,
            'You are unsubscribed',
            `<p class="muted">Bazaar will no longer send you ${topicNames[grant.topic]}. ${topicNotes[grant.topic]}</p>`,
          );
        }
        const { rowCount } = await db.execute(sql`
          update profiles set settings = settings || ${JSON.stringify({ [grant.setting]: false })}::jsonb,
            updated_at = now()
          where id = ${grant.userId}`);
        if (!rowCount) return goneAccount(reply);
        request.log.info({ userId: grant.userId, setting: grant.setting }, 'unsubscribed by e-mail link');
        return sendPage(
          reply,
          200,
          'You are unsubscribed',
          `<p class="muted">Bazaar will no longer send you ${topicNames[grant.topic]}. You can turn them back on in your settings any time.</p>${SETTINGS_LINK}`,
        );
      },
    );
  });
}
