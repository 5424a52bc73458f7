/**
 * Scam patterns a message can show (issue 12, Safety): the recipient sees a warning beside
 * it. Found when the message is sent and kept with it. (No zod here: the ad page shows this
 * module's safety tips, and its schema is messaging.ts's `messageWarningSchema`.)
 */
export const MESSAGE_WARNINGS = ['risky_payment', 'other_messenger', 'lookalike_link'] as const;
export type MessageWarning = (typeof MESSAGE_WARNINGS)[number];

export const messageWarningTexts: Record<MessageWarning, string> = {
  risky_payment:
    'Be careful: never pay by gift card, wire transfer or through a courier. Pay when you meet and see the item.',
  other_messenger:
    'Be careful: scammers often ask to move to another messenger straight away. Keep the conversation here.',
  lookalike_link:
    "Be careful: this message links to a site that looks like ours but isn't. Don't sign in or pay there.",
};

const riskyPayment = [
  /\bgift[\s-]?cards?\b/i,
  /\b(?:itunes|apple|google\s?play|steam|amazon)\s+(?:gift\s+)?cards?\b/i,
  /\bwire\s+(?:transfer|the\s+money|the\s+payment|me|you)\b/i,
  /\b(?:western\s+union|moneygram|money\s+gram)\b/i,
  /\bcouriers?\b/i,
  /\b(?:shipping|delivery)\s+agent\b/i,
];

const otherMessenger = [
  /\b(?:whats\s?app|telegram|signal|viber|wechat|we\s+chat|kik|snapchat|line\s+app|imessage)\b/i,
  /\b(?:text|sms|call|e-?mail|contact)\s+me\s+(?:at|on|via)\b/i,
  /[\w.+-]+@[\w-]+\.[\w.-]+/,
];

/** Web addresses in a text: with a scheme, or starting with www. */
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
/** Bare domain names (paypal-bazaar.com): lookalikes are often written without a scheme. */
const DOMAIN_PATTERN = /\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}\b/gi;

/** The host of an address as typed (lowercase, no user part, port or trailing dot). */
function hostOf(address: string): string {
  const authority = address.replace(/^https?:\/\//i, '').split(/[/?#]/)[0] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d*$/, '');
  return host.toLowerCase().replace(/\.$/, '');
}

/** Levenshtein distance, stopping early once it exceeds `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The brand part of our host: `bazaar` for `www.bazaar.example` or `bazaar.local`. */
function brandOf(siteHost: string): string {
  const labels = siteHost.split('.').filter((label) => label !== 'www');
  return labels[0] ?? siteHost;
}

/**
 * Does `host` pretend to be our site? It is not our host (nor under it), yet it carries our
 * brand in one of its labels, or is one or two typos away from it, or is written in punycode.
 */
export function isLookalikeHost(host: string, siteHost: string): boolean {
  const candidate = host.toLowerCase();
  const site = siteHost.toLowerCase();
  if (candidate === site || candidate.endsWith(`.${site}`)) return false;
  const brand = brandOf(site);
  if (brand.length < 4) return false;
  return candidate.split('.').some((label) => {
    if (label.startsWith('xn--')) return true;
    if (label.includes(brand)) return true;
    return label.length >= brand.length - 1 && editDistance(label, brand, 2) <= (brand.length >= 6 ? 2 : 1);
  });
}

/**
 * The scam patterns in a message (issue 12): payment by gift card, wire or courier; a move
 * to another messenger in the conversation's first message; links that look like our site.
 */
export function findMessageWarnings(
  body: string,
  context: { isFirstMessage: boolean; siteHost: string },
): MessageWarning[] {
  const warnings: MessageWarning[] = [];
  if (riskyPayment.some((pattern) => pattern.test(body))) warnings.push('risky_payment');
  if (context.isFirstMessage && otherMessenger.some((pattern) => pattern.test(body))) {
    warnings.push('other_messenger');
  }
  const hosts = [...(body.match(URL_PATTERN) ?? []), ...(body.match(DOMAIN_PATTERN) ?? [])]
    .map(hostOf)
    .filter(Boolean);
  if (hosts.some((host) => isLookalikeHost(host, context.siteHost))) warnings.push('lookalike_link');
  return warnings;
}

export type MessageTextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Is the address on this origin? `https://site@evil.example` and `https://site.evil.example` are not. */
function isOnOrigin(address: string, origin: string): boolean {
  const prefix = origin.toLowerCase().replace(/\/$/, '');
  if (!address.toLowerCase().startsWith(prefix)) return false;
  const next = address.charAt(prefix.length);
  return next === '' || next === '/' || next === '?' || next === '#';
}

/**
 * A message's text in parts for display: addresses of this site become links, everything
 * else (other sites' addresses included) stays text.
 */
export function splitMessageLinks(body: string, siteOrigin: string): MessageTextPart[] {
  const parts: MessageTextPart[] = [];
  let position = 0;
  for (const match of body.matchAll(/\bhttps?:\/\/[^\s<>"']+/gi)) {
    // Punctuation that ends a sentence is not part of the address.
    const address = match[0].replace(/[.,;:!?)\]]+$/, '');
    const start = match.index;
    if (!isOnOrigin(address, siteOrigin)) continue;
    if (start > position) parts.push({ kind: 'text', text: body.slice(position, start) });
    parts.push({ kind: 'link', text: address, href: address });
    position = start + address.length;
  }
  if (position < body.length) parts.push({ kind: 'text', text: body.slice(position) });
  return parts;
}

/** The spec's safety tips (§2 /ad), on the ad page and beside every thread. */
export const SAFETY_TIPS = [
  'Meet in a public place',
  'Check the item before payment',
  "Don't share personal information",
  'Trust your instincts',
  'Report suspicious activity',
] as const;
