import { readProfileSettings } from '@bazaar/common/settings';
import { paths } from '@bazaar/common/site-paths';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import type { Mailer } from '../mail/mailer';
import { escapeHtml } from '../mail/escape-html';
import { listUnsubscribeHeaders, unsubscribeUrl } from '../mail/unsubscribe';

export const MESSAGE_EMAIL_JOB = 'message-email';

interface MessageEmailJob {
  conversationId: string;
  role: 'buyer' | 'seller';
}

/**
 * Queues the e-mail about a new message, to go out after the delay unless the recipient
 * has read it by then. One waits per conversation and recipient (singletonKey): a burst of
 * messages makes one e-mail.
 */
export function queueMessageEmail(
  jobs: JobQueue,
  job: MessageEmailJob,
  delayMinutes: number,
): Promise<string | null> {
  return jobs.send(MESSAGE_EMAIL_JOB, job, {
    startAfterSeconds: delayMinutes * 60,
    singletonKey: `${job.conversationId}:${job.role}`,
  });
}

/**
 * Sends the e-mail when the recipient still has unread messages, has not been e-mailed about
 * them yet (reading resets that) and wants e-mails about new messages. Idempotent: the flag
 * is set in the transaction that sends, and a failed send rolls it back for the retry.
 * Each e-mail carries a signed one-click unsubscribe link (body and List-Unsubscribe).
 */
export function registerMessageEmails({
  db,
  jobs,
  mailer,
  publicUrl,
  unsubscribeKey,
}: {
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  publicUrl: string;
  unsubscribeKey: Buffer;
}) {
  jobs.work<MessageEmailJob>(MESSAGE_EMAIL_JOB, async ({ conversationId, role }) => {
    await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{
        user_id: string;
        email: string;
        name: string;
        settings: unknown;
        unread_count: number;
        sender_name: string | null;
        ad_title: string;
      }>(sql`
        update conversation_participants me set unread_email_sent = true
        from conversations c, users u, profiles p, conversation_participants other
          left join users sender on sender.id = other.user_id
          left join profiles sender_profile on sender_profile.id = other.user_id
        where me.conversation_id = ${conversationId} and me.role = ${role}
          and me.unread_count > 0 and not me.unread_email_sent
          and c.id = me.conversation_id and u.id = me.user_id and p.id = me.user_id
          and other.conversation_id = me.conversation_id and other.role <> me.role
        returning u.id as user_id, u.email, coalesce(nullif(p.name, ''), u.name) as name, p.settings, me.unread_count,
          coalesce(nullif(sender_profile.name, ''), sender.name) as sender_name, c.ad_title`);
      const recipient = rows[0];
      if (!recipient || !readProfileSettings(recipient.settings).emailNewMessages) return;
      const url = `${publicUrl}${paths.conversation(conversationId)}`;
      const unsubscribe = unsubscribeUrl(publicUrl, unsubscribeKey, recipient.user_id, 'new-messages');
      const from = recipient.sender_name ?? 'Someone';
      const count = recipient.unread_count === 1 ? 'a new message' : `${recipient.unread_count} new messages`;
      const body = `${from} sent you ${count} about "${recipient.ad_title}".`;
      const footer = 'You get this e-mail because "E-mail for new messages" is on in your settings.';
      await mailer.send({
        to: recipient.email,
        subject: `New message about ${recipient.ad_title}`,
        text: `Hello ${recipient.name || 'there'},\n\n${body}\n\nRead and reply: ${url}\n\n${footer} Unsubscribe: ${unsubscribe}\n\n— Bazaar`,
        html:
          `<p>Hello ${escapeHtml(recipient.name || 'there')},</p><p>${escapeHtml(body)}</p>` +
          `<p><a href="${escapeHtml(url)}">Read and reply</a></p>` +
          `<p style="color:#666">${escapeHtml(footer)} <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a>.</p><p>— Bazaar</p>`,
        headers: listUnsubscribeHeaders(unsubscribe),
      });
    });
  });
}
