import { escapeHtml } from '../mail/escape-html';
import type { MailMessage } from '../mail/mailer';

/** The confirmation that an account and everything of it is gone (issue 13). */
export function accountDeletedEmail(to: string, name: string): MailMessage {
  const greeting = `Hello ${name || 'there'},`;
  const body =
    'Your Bazaar account has been deleted, as you asked. Your profile, ads, photos and videos, favorites and ' +
    'sessions are gone. Messages you sent stay with the people you wrote to, from a deleted user. Records of ' +
    'payments are kept without your name or e-mail address, as accounting requires.';
  const footer = 'If you did not delete your account, reply to this e-mail at once.';
  return {
    to,
    subject: 'Your Bazaar account has been deleted',
    text: `${greeting}\n\n${body}\n\n${footer}\n\n— Bazaar`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p style="color:#666">${escapeHtml(footer)}</p><p>— Bazaar</p>`,
  };
}
