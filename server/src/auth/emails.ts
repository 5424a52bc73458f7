import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../mail/escape-html';

function linkMessage(options: {
  to: string;
  subject: string;
  greeting: string;
  body: string;
  action: string;
  url: string;
  footer: string;
}): MailMessage {
  const { to, subject, greeting, body, action, url, footer } = options;
  return {
    to,
    subject,
    text: `${greeting}\n\n${body}\n\n${action}: ${url}\n\n${footer}\n\n— Bazaar`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>` +
      `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>` +
      `<p style="color:#666">${escapeHtml(footer)}</p><p>— Bazaar</p>`,
  };
}

export function verificationEmail(to: string, name: string, url: string): MailMessage {
  return linkMessage({
    to,
    subject: 'Confirm your e-mail address for Bazaar',
    greeting: `Hello ${name || 'there'},`,
    body: 'Welcome to Bazaar! Please confirm that this is your e-mail address.',
    action: 'Confirm e-mail address',
    url,
    footer: 'If you did not create a Bazaar account, you can ignore this message.',
  });
}

export function passwordResetEmail(to: string, name: string, url: string): MailMessage {
  return linkMessage({
    to,
    subject: 'Reset your Bazaar password',
    greeting: `Hello ${name || 'there'},`,
    body: 'Someone asked to reset the password of your Bazaar account. The link works once and expires in one hour.',
    action: 'Choose a new password',
    url,
    footer: 'If this was not you, ignore this message: your password stays as it is.',
  });
}

export function passwordChangedEmail(to: string, name: string, resetUrl: string): MailMessage {
  return linkMessage({
    to,
    subject: 'Your Bazaar password was changed',
    greeting: `Hello ${name || 'there'},`,
    body: 'The password of your Bazaar account was just changed, and every other device signed in to it was signed out.',
    action: 'Reset your password',
    url: resetUrl,
    footer: 'If this was you, there is nothing to do. If it was not, reset your password now.',
  });
}
