import { EMAIL_VERIFIED_PATH } from '@bazaar/common/accounts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@bazaar/common/constants';
import { routePatterns } from '@bazaar/common/site-paths';
// Its entry without Kysely (half a megabyte every start loaded): the database is reached through Drizzle.
import { betterAuth } from 'better-auth/minimal';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { bearer } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from '../db/database';
import * as schema from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { checkConfirmedAddress, checkSignIn } from '../moderation/sign-in';
import { createProfileForNewUser } from '../profiles/queries';
import { createAuthLogger } from './auth-logger';
import { createBackgroundTasks } from './background-tasks';
import { passwordChangedEmail, passwordResetEmail, verificationEmail } from './emails';
import { configuredSocialProviders } from './social-providers';
import { isEmailRegistered } from './queries';
import { createRedisRateLimitStorage } from './redis-rate-limit-storage';
import { trackTransactions, transactionInProgressOr } from './transaction-tracking';

/** The header through which Fastify hands the auth library the client address it trusts. */
export const CLIENT_ADDRESS_HEADER = 'x-bazaar-client-address';

/** Sessions last 30 days and are extended once a day while used (decision 0002). */
const SESSION_EXPIRES_IN_SECONDS = 30 * 24 * 60 * 60;
const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;
const PASSWORD_RESET_LINK_SECONDS = 60 * 60;
const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;

/**
 * Per client address. Sign-in allows a person a few typos and a shared office address some
 * room; sign-up and reset mail are scarcer because each one sends an e-mail.
 */
export const authRateLimits = {
  '/sign-in/email': { window: 60, max: 10 },
  '/sign-up/email': { window: 60 * 60, max: 10 },
  '/request-password-reset': { window: 60 * 60, max: 5 },
  '/reset-password': { window: 60 * 60, max: 10 },
  '/send-verification-email': { window: 60 * 60, max: 5 },
  // Each try checks the current password: as scarce as a reset.
  '/change-password': { window: 60 * 60, max: 10 },
} as const;

export interface AuthOptions {
  config: Config;
  db: Database;
  mailer: Mailer;
  logger: Logger;
  secret: string;
}

/** The library puts its own landing page in links; ours is a page of the web client. */
function withCallbackPath(url: string, callbackPath: string): string {
  const link = new URL(url);
  link.searchParams.set('callbackURL', callbackPath);
  return link.toString();
}

/** Better Auth's cookies are named `bazaar.<name>` (`__Secure-bazaar.<name>` over HTTPS). */
export const AUTH_COOKIE_PREFIX = 'bazaar';

/** ioredis loads only with REDIS_URL: it took 0.1 s of every start. Connects on first use. */
async function openRedis(url: string, logger: Logger): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
  redis.on('error', (error) => logger.warn({ err: error }, 'Redis connection error'));
  return redis;
}

export function createAuth({ config, db, mailer, logger, secret }: AuthOptions) {
  const isHttps = config.PUBLIC_URL.startsWith('https://');
  const backgroundTasks = createBackgroundTasks(logger);
  const redis = config.REDIS_URL ? openRedis(config.REDIS_URL, logger) : undefined;

  const auth = betterAuth({
    appName: 'Bazaar',
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(trackTransactions(db), {
      provider: 'pg',
      usePlural: true,
      transaction: true,
      schema: {
        users: schema.users,
        sessions: schema.sessions,
        accounts: schema.accounts,
        verifications: schema.verifications,
        rateLimits: schema.rateLimits,
      },
    }),
    logger: createAuthLogger(logger),
    // Unexpected failures reach Fastify's error handler (logged with the request id, and a
    // lost database answers 503) instead of a bare 500 printed to the console. A social
    // sign-in that cannot finish (its state expired, or it ended in another browser) goes back
    // to /login, which says so, instead of the library's own error page this app does not offer.
    onAPIError: { throw: true, errorURL: '/login' },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      // The library skips its origin and callback-URL checks when NODE_ENV is `test`: the
      // tests must meet the checks production has.
      disableOriginCheck: false,
      useSecureCookies: isHttps,
      database: { generateId: 'uuid' },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      backgroundTasks: { handler: backgroundTasks.run },
    },
    // The public address, and the address this very request came to (see auth/routes.ts).
    trustedOrigins: (request) =>
      request ? [config.PUBLIC_URL, new URL(request.url).origin] : [config.PUBLIC_URL],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Spec §4: after registering, the person is sent to /login to sign in.
      autoSignIn: false,
      requireEmailVerification: config.AUTH_REQUIRE_EMAIL_CONFIRMATION,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Not awaited (see background-tasks.ts): the answer must not tell whether the address exists.
      sendResetPassword: async ({ user, url }) => {
        backgroundTasks.run(mailer.send(passwordResetEmail(user.email, user.name, url)));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: config.AUTH_REQUIRE_EMAIL_CONFIRMATION,
      expiresIn: VERIFICATION_LINK_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        const link = withCallbackPath(url, EMAIL_VERIFIED_PATH);
        backgroundTasks.run(mailer.send(verificationEmail(user.email, user.name, link)));
      },
      afterEmailVerification: async (user) => {
        await checkConfirmedAddress(transactionInProgressOr(db), user.id, config.ADMIN_EMAILS);
      },
    },
    user: {
      // Issue 13: read with every session lookup; never taken from a request (input: false).
      additionalFields: {
        role: { type: 'string', input: false, required: false, defaultValue: 'user' },
        suspendedAt: { type: 'date', input: false, required: false },
      },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 100,
      customRules: authRateLimits,
      ...(redis ? { customStorage: createRedisRateLimitStorage(redis) } : {}),
    },
    socialProviders: configuredSocialProviders(config),
    hooks: {
      // A clear answer to a second sign-up with the same address (the library would
      // otherwise answer as if it had worked). Runs after the rate limit, like sign-up.
      before: createAuthMiddleware(async (context) => {
        if (context.path !== '/sign-up/email') return;
        const email: unknown = context.body?.email;
        if (typeof email === 'string' && (await isEmailRegistered(db, email))) {
          throw new APIError('UNPROCESSABLE_ENTITY', {
            code: 'USER_ALREADY_EXISTS',
            message: 'User already exists.',
          });
        }
      }),
      // A changed password is told to the address, so its owner learns of a change that was
      // not theirs. Not awaited, like the other e-mails: a mail server down fails no change.
      after: createAuthMiddleware(async (context) => {
        if (context.path !== '/change-password' || context.context.returned instanceof APIError) return;
        const user = context.context.session?.user;
        if (!user) return;
        const resetUrl = `${config.PUBLIC_URL}${routePatterns.forgotPassword}`;
        backgroundTasks.run(mailer.send(passwordChangedEmail(user.email, user.name, resetUrl)));
      }),
    },
    databaseHooks: {
      session: {
        create: {
          // Every sign-in (password or social) makes a session here, after the credentials
          // were checked: a suspended account is refused, and ADMIN_EMAILS become admins.
          before: async (session) => {
            await checkSignIn(transactionInProgressOr(db), session.userId, config.ADMIN_EMAILS);
          },
        },
      },
      account: {
        create: {
          // Sign-up creates the user and its first account in one transaction; this runs
          // inside it, so the profile is created with the user or not at all. Linking a
          // further account to an existing user finds the profile there already.
          before: async (account, context) => {
            const tx = transactionInProgressOr(db);
            const [user] = await tx
              .select({ name: schema.users.name, createdAt: schema.users.createdAt })
              .from(schema.users)
              .where(eq(schema.users.id, account.userId));
            if (!user) throw new Error(`No user ${account.userId} for the new account`);
            const body = (context?.body ?? {}) as { phone?: unknown; location?: unknown };
            await createProfileForNewUser(tx, {
              id: account.userId,
              name: user.name,
              phone: typeof body.phone === 'string' ? body.phone : undefined,
              location: typeof body.location === 'string' ? body.location : undefined,
              createdAt: user.createdAt,
            });
          },
        },
      },
    },
    // A bearer token must be signed like the cookie: a bare session token is not accepted.
    plugins: [bearer({ requireSignature: true })],
  });

  return Object.assign(auth, {
    /** Waits for mail still being sent and closes the Redis connection (app shutdown). */
    async shutdown(): Promise<void> {
      await backgroundTasks.settle();
      const client = await redis;
      if (client?.status === 'wait') client.disconnect();
      else if (client && client.status !== 'end') await client.quit().catch(() => client.disconnect());
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
