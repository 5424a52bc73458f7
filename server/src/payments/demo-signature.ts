import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** The header that carries a demo payment event's signature, shaped like Stripe's. */
export const DEMO_SIGNATURE_HEADER = 'bazaar-signature';

/** Events older (or further in the future) than this are refused, so a captured one cannot be replayed later. */
export const DEMO_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The demo provider's signing key: derived from the auth secret, so every instance that
 * shares AUTH_SECRET agrees on it, and it is useless for anything but these events.
 */
export function deriveDemoSigningKey(authSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, 'bazaar', 'demo payment events v1', 32));
}

function signatureOf(key: Buffer, timestamp: number, body: string): string {
  return createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex');
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` */
export function signDemoEvent(key: Buffer, body: string, now: Date = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${signatureOf(key, timestamp, body)}`;
}

/** Whether `header` is a valid, timely signature of exactly these bytes. */
export function isValidDemoSignature(
  key: Buffer,
  body: string,
  header: string | undefined,
  now: Date = new Date(),
): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((part) => {
      const [name = '', ...rest] = part.split('=');
      return [name.trim(), rest.join('=').trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const signature = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > DEMO_SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signatureOf(key, timestamp, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
