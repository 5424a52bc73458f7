import path from 'node:path';
import { AD_LIFETIME_DAYS_DEFAULT } from '@bazaar/common/constants';
import * as z from 'zod';
import { DEFAULT_BLOCKED_TERMS, foldText } from './ads/blocked-terms';

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** How many proxies TRUST_PROXY may name by count: more is a mistake, not a network. */
const PROXY_HOPS_MAX = 10;

/**
 * Whom to believe about the client's address (Fastify's trustProxy): `false`; the number of
 * proxies in front of the app (the address that many hops back, counted from the right of
 * X-Forwarded-For, where each proxy appends); or the proxies' addresses and CIDR ranges,
 * comma-separated (the right-most address that is not one of them). `true` is refused: it
 * believes the left-most address, which the client writes itself when the proxy appends.
 */
const proxyTrust = z.string().transform((value, context): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === 'no' || text === '0' || text === '') return false;
  if (/^\d+$/.test(text)) {
    if (Number(text) <= PROXY_HOPS_MAX) return Number(text);
    context.addIssue({ code: 'custom', message: `expected at most ${PROXY_HOPS_MAX} proxies` });
    return z.NEVER;
  }
  if (text === 'true' || text === 'yes') {
    context.addIssue({
      code: 'custom',
      message:
        'true would believe any client address a client writes into X-Forwarded-For; set the number of proxies in front of the app (e.g. 1) or their addresses',
    });
    return z.NEVER;
  }
  const addresses = text.split(',').map((address) => address.trim());
  if (addresses.every((address) => /^[0-9a-f:.]+(\/\d{1,3})?$/.test(address))) return addresses;
  context.addIssue({
    code: 'custom',
    message: `expected false, the number of proxies (1 to ${PROXY_HOPS_MAX}), or the proxies’ addresses or CIDR ranges, comma-separated`,
  });
  return z.NEVER;
});

/** Comma-separated e-mail addresses, compared in lower case. */
const emailList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((address) => address.trim().toLowerCase())
      .filter((address) => address !== ''),
  )
  .pipe(z.array(z.email('expected e-mail addresses, comma-separated')));

/**
 * BLOCKED_TERMS: words and phrases, comma-separated. Set, it replaces the default list (set
 * and empty: no terms); each term needs a letter or digit and at most 100 characters.
 */
const termList = z.string().transform((value, context): string[] => {
  const terms = value
    .split(',')
    .map((term) => term.trim())
    .filter((term) => term.length > 0);
  for (const term of terms) {
    if (!/[\p{L}\p{N}]/u.test(foldText(term)) || term.length > 100) {
      context.addIssue({
        code: 'custom',
        message: `"${term}" is not a term: expected words of at most 100 characters, comma-separated`,
      });
    }
  }
  return terms;
});

/**
 * DATABASE_REPLICA_URLS: PostgreSQL connection strings of read replicas, comma-separated
 * (public reads go to them; decision 0023).
 */
const replicaUrlList = z.string().transform((value, context): string[] => {
  const urls = value
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
  for (const url of urls) {
    if (!URL.canParse(url) || !/^postgres(ql)?:$/.test(new URL(url).protocol)) {
      // The URL may hold a password: name its position, not the text.
      context.addIssue({
        code: 'custom',
        message: `replica ${urls.indexOf(url) + 1} is not a postgres:// or postgresql:// URL; expected PostgreSQL URLs, comma-separated`,
      });
    }
  }
  return urls;
});

const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), z.url().optional());
const optionalString = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

/** Every environment variable Bazaar reads. The README's configuration table mirrors it. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Read replicas of DATABASE_URL's server for public reads (issue 15, decision 0023). */
  DATABASE_REPLICA_URLS: replicaUrlList.default([]),
  /** A replica further behind the primary than this is skipped until it catches up. */
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  SEED_DEMO: booleanFromString.default(true),
  SERVE_SOURCE_MAPS: booleanFromString.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: proxyTrust.default(false),
  AUTH_SECRET: z.string().min(32).optional(),
  AUTH_REQUIRE_EMAIL_CONFIRMATION: booleanFromString.default(false),
  REDIS_URL: optionalUrl,
  /** Accounts that become admins when they sign in (issue 13). */
  ADMIN_EMAILS: emailList.default([]),
  /** Whether this process runs background jobs and schedules (false: it only queues them). */
  JOB_WORKERS: booleanFromString.default(true),
  /** Minutes a new message may stay unread before its recipient gets an e-mail about it. */
  MESSAGE_EMAIL_DELAY_MINUTES: z.coerce.number().int().min(0).max(10_080).default(10),
  /**
   * Seconds between checks of every open live stream's session (one statement per process);
   * sign-out, suspension and the like end a stream at once, expiry at the next check.
   */
  LIVE_SESSION_CHECK_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  /** Ads one account may post in an hour; a further one is refused with 429 (issue 13). */
  POSTING_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** post: ads are public at once and reviewed when flagged; pre: every new or edited ad waits for a moderator. */
  MODERATION: z.enum(['post', 'pre']).default('post'),
  BLOCKED_TERMS: termList.optional(),
  /** Days an active ad stays listed after it is posted or renewed; then it expires (issue 14). */
  AD_LIFETIME_DAYS: z.coerce.number().int().min(1).max(3650).default(AD_LIFETIME_DAYS_DEFAULT),
  /** Addresses per child sitemap (/sitemaps/ads-*.xml, sellers-*.xml); the protocol allows 50 000. */
  SITEMAP_URLS_PER_FILE: z.coerce.number().int().min(1).max(50_000).default(50_000),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Bazaar <no-reply@bazaar.local>'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  PAYMENT_PROVIDER: z.enum(['demo', 'stripe']).default('demo'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Stripe's API address; only for stripe-mock or a test double (default: Stripe itself). */
  STRIPE_API_URL: optionalUrl,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  TWITTER_CLIENT_ID: optionalString,
  TWITTER_CLIENT_SECRET: optionalString,
});

export type Environment = z.infer<typeof environmentSchema>;

export interface Config extends Omit<Environment, 'DATA_DIR' | 'PUBLIC_URL' | 'BLOCKED_TERMS'> {
  DATA_DIR: string;
  PUBLIC_URL: string;
  BLOCKED_TERMS: string[];
  isProduction: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment once; stops with a message naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const environment = parsed.data;
  const problems: string[] = [];
  if (environment.STORAGE === 's3' && !environment.S3_BUCKET) {
    problems.push('  S3_BUCKET: required when STORAGE=s3');
  }
  if (
    environment.PAYMENT_PROVIDER === 'stripe' &&
    (!environment.STRIPE_SECRET_KEY || !environment.STRIPE_WEBHOOK_SECRET)
  ) {
    problems.push('  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: both required when PAYMENT_PROVIDER=stripe');
  }
  if (environment.DATABASE_REPLICA_URLS.length > 0 && !environment.DATABASE_URL) {
    problems.push(
      '  DATABASE_REPLICA_URLS: replicas need DATABASE_URL (their primary); the embedded database has none',
    );
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);

  return {
    ...environment,
    DATA_DIR: path.resolve(environment.DATA_DIR),
    BLOCKED_TERMS: environment.BLOCKED_TERMS ?? [...DEFAULT_BLOCKED_TERMS],
    PUBLIC_URL: (environment.PUBLIC_URL ?? `http://localhost:${environment.PORT}`).replace(/\/$/, ''),
    isProduction: environment.NODE_ENV === 'production',
  };
}
