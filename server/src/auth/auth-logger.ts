import type { Logger } from 'pino';

type AuthLogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * What Better Auth logs at error level when it refuses a request: a callback URL or origin
 * of another site, a forged or stale OAuth callback. Those are the client's mistakes, not
 * the server's, and anyone can send as many as they like.
 */
const CLIENT_MISTAKES = [
  /^Invalid (origin|callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL)\b/,
  /^Blocked cross-site navigation login attempt/,
  /^INVALID_CALLBACK_REQUEST$/,
  /^State not found$/,
  /^No callback URL found$/,
];
/** The library's advice to add a refused address to the trusted origins: for its developers. */
const TRUSTED_ORIGINS_ADVICE = /^If it's a valid URL, please add /;

/** At most this many client mistakes are logged a minute; the next line says how many were not. */
export const CLIENT_MISTAKES_LOGGED_PER_MINUTE = 10;
const MINUTE_MS = 60_000;
const MESSAGE_MAX_LENGTH = 300;

/**
 * Better Auth's log, in the app's: refusals of what a client sent at warn level, rate-limited
 * and cut short (they carry the URL the client chose), so no one can fill the error log;
 * everything else at the level the library gives.
 */
export function createAuthLogger(logger: Logger, now: () => number = Date.now) {
  let windowStart = Number.NEGATIVE_INFINITY;
  let loggedInWindow = 0;
  let notLogged = 0;
  return {
    log(level: AuthLogLevel, message: string, ...args: unknown[]) {
      if (TRUSTED_ORIGINS_ADVICE.test(message)) return logger.debug({ args }, message);
      if (!CLIENT_MISTAKES.some((pattern) => pattern.test(message))) {
        return logger[level]({ args }, message);
      }
      const time = now();
      if (time - windowStart >= MINUTE_MS) {
        windowStart = time;
        loggedInWindow = 0;
      }
      if (loggedInWindow >= CLIENT_MISTAKES_LOGGED_PER_MINUTE) {
        notLogged += 1;
        return;
      }
      loggedInWindow += 1;
      logger.warn(
        { args, ...(notLogged > 0 ? { notLoggedBefore: notLogged } : {}) },
        message.length > MESSAGE_MAX_LENGTH ? `${message.slice(0, MESSAGE_MAX_LENGTH)}…` : message,
      );
      notLogged = 0;
    },
  };
}
