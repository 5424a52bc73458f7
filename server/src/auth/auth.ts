import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@bazaar/common/constants';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from '../db/database';
import * as schema from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { createProfileForNewUser } from '../profiles/queries';
import { passwordResetEmail, verificationEmail } from './emails';
import { trackTransactions, transactionInProgressOr } from './transaction-tracking';

/** The header through which Fastify hands the auth library the client address it trusts. */
export const CLIENT_ADDRESS_HEADER = 'x-bazaar-client-address';

export interface AuthOptions {
  config: Config;
  db: Database;
  mailer: Mailer;
  logger: Logger;
  secret: string;
}

export function createAuth({ config, db, mailer, logger, secret }: AuthOptions) {
  const isHttps = config.PUBLIC_URL.startsWith('https://');
  return betterAuth({
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
    logger: {
      log: (level, message, ...args) => logger[level]({ args }, message),
    },
    advanced: {
      cookiePrefix: 'bazaar',
      useSecureCookies: isHttps,
      database: { generateId: 'uuid' },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    // The public address, and the address this very request came to (see auth/routes.ts).
    trustedOrigins: (request) =>
      request ? [config.PUBLIC_URL, new URL(request.url).origin] : [config.PUBLIC_URL],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      requireEmailVerification: config.AUTH_REQUIRE_EMAIL_CONFIRMATION,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(passwordResetEmail(user.email, user.name, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(verificationEmail(user.email, user.name, url));
      },
    },
    session: {
      expiresIn: 30 * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60 * 60, max: 10 },
        '/request-password-reset': { window: 60 * 60, max: 5 },
        '/reset-password': { window: 60 * 60, max: 10 },
        '/send-verification-email': { window: 60 * 60, max: 5 },
      },
    },
    socialProviders: {
      ...(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? { google: { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET } }
        : {}),
      ...(config.TWITTER_CLIENT_ID && config.TWITTER_CLIENT_SECRET
        ? {
            twitter: {
              clientId: config.TWITTER_CLIENT_ID,
              clientSecret: config.TWITTER_CLIENT_SECRET,
            },
          }
        : {}),
    },
    databaseHooks: {
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
    plugins: [bearer()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
