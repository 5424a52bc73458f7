import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** What the local outbox stores for each message: one JSON file per message. */
export interface OutboxEntry extends MailMessage {
  from: string;
  sentAt: string;
  links: string[];
}

const linkPattern = /https?:\/\/[^\s"'<>]+/g;

/**
 * SMTP when SMTP_URL is set; otherwise each message is written to DATA_DIR/outbox/
 * and its links are logged, so a local install can follow verification links.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  const { smtpUrl, from, outboxDir, logger } = options;
  if (smtpUrl) {
    // nodemailer loads with the first message: it took 0.1 s of every start.
    let transport: Promise<Transporter> | undefined;
    return {
      async send(message) {
        transport ??= import('nodemailer').then(({ default: nodemailer }) =>
          nodemailer.createTransport(smtpUrl),
        );
        await (await transport).sendMail({ from, ...message });
        logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  return {
    async send(message) {
      const links = message.text.match(linkPattern) ?? [];
      const entry: OutboxEntry = { from, sentAt: new Date().toISOString(), links, ...message };
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${entry.sentAt.replace(/[:.]/g, '-')}-${randomUUID()}.json`);
      await writeFile(file, JSON.stringify(entry, null, 2), { mode: 0o600 });
      logger.info({ to: message.to, subject: message.subject, links, file }, 'mail written to outbox');
    },
  };
}
