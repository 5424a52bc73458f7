import { errorMessages, type ApiErrorBody, type ErrorCode } from '@bazaar/common/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error the API answers on purpose, with a status that means it and a stable code. */
export class AppError extends Error {
  /** A 429's wait, sent as `Retry-After`. */
  retryAfterSeconds?: number;

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string = errorMessages[code],
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** The same error, saying when to try again. */
  retryingAfter(seconds: number): this {
    this.retryAfterSeconds = Math.max(1, Math.ceil(seconds));
    return this;
  }
}

export const badRequest = (message?: string, fields?: Record<string, string>) =>
  new AppError(400, 'validation_failed', message, fields);
export const unauthenticated = () => new AppError(401, 'unauthenticated');
export const forbidden = (message?: string) => new AppError(403, 'forbidden', message);
export const notFound = (message?: string) => new AppError(404, 'not_found', message);
export const routeNotFound = (message?: string) => new AppError(404, 'route_not_found', message);
export const crossOriginRefused = () => new AppError(403, 'cross_origin_refused');
export const rateLimited = () => new AppError(429, 'rate_limited');
export const payloadTooLarge = (message?: string) => new AppError(413, 'payload_too_large', message);
export const unsupportedMediaType = (message?: string) =>
  new AppError(415, 'unsupported_media_type', message);

// Accounts, subscriptions and payments.
export const socialLoginUnavailable = () => new AppError(400, 'social_login_unavailable');
export const adLimitReached = () => new AppError(403, 'ad_limit_reached');
export const trialExpired = () => new AppError(403, 'trial_expired');
export const alreadyOnPlan = () => new AppError(409, 'already_on_plan');
export const noActiveSubscription = () => new AppError(409, 'no_active_subscription');
export const invalidSignature = () => new AppError(400, 'invalid_signature');
export const paymentProviderError = () => new AppError(502, 'payment_provider_error');
export const serviceUnavailable = () => new AppError(503, 'service_unavailable');

// Ads and their files.
export const ownAdFavorite = () => new AppError(403, 'own_ad_favorite');
export const imageRequired = () => new AppError(400, 'image_required');
export const tooManyFiles = (message?: string) => new AppError(400, 'too_many_files', message);
export const fileTooLarge = (message?: string) => new AppError(413, 'file_too_large', message);
export const unsupportedFileType = (message?: string) => new AppError(415, 'unsupported_file_type', message);
export const invalidImage = () => new AppError(400, 'invalid_image');
export const imageTooLarge = () => new AppError(400, 'image_too_large');
export const postingLimitReached = (limit: number) =>
  new AppError(
    429,
    'posting_limit_reached',
    `You can post at most ${limit} ${limit === 1 ? 'ad' : 'ads'} an hour. Please try again later.`,
  );
export const adNotFeaturable = () => new AppError(409, 'ad_not_featurable');
// The ad's life (issue 14).
export const adNotExpired = () => new AppError(409, 'ad_not_expired');
export const adNotActive = () => new AppError(409, 'ad_not_active');
export const noIncludedFeatures = () => new AppError(409, 'no_included_features');
// Places (issue 14).
export const unknownPlace = () => new AppError(400, 'unknown_place');
export const passwordNotSet = () => new AppError(409, 'password_not_set');
export const wrongPassword = () => new AppError(403, 'wrong_password');

// Moderation (issue 13).
export const reportAlreadyOpen = () => new AppError(409, 'report_already_open');
export const ownAdReport = () => new AppError(403, 'own_ad_report');
export const reportRateLimited = () => new AppError(429, 'report_rate_limited');
export const contactRateLimited = () => new AppError(429, 'contact_rate_limited');
export const sellerSuspended = () => new AppError(409, 'seller_suspended');
export const savedSearchLimitReached = () => new AppError(409, 'saved_search_limit_reached');
export const savedSearchAlreadySaved = () => new AppError(409, 'saved_search_exists');

// Messaging.
export const recipientUnavailable = () => new AppError(409, 'recipient_unavailable');
export const userBlocked = () => new AppError(403, 'user_blocked');
export const ownAdMessage = () => new AppError(403, 'own_ad_message');
export const directMessagesDisabled = () => new AppError(403, 'direct_messages_disabled');
export const messagingLimitReached = (
  code: 'conversation_limit_reached' | 'new_account_conversation_limit_reached' | 'message_rate_limited',
) => new AppError(429, code);

export function errorBody(code: string, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/**
 * Whether the error, or the error it wraps, is one `test` recognises: a library (Drizzle's
 * query error, the auth library's API error) keeps node-postgres's error as its `cause`.
 */
function isOrWraps(error: unknown, test: (error: Error & { code?: string }) => boolean, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  return test(error) || isOrWraps(error.cause, test, depth + 1);
}

/** The database cannot be reached or is shutting down. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return isOrWraps(
    error,
    ({ code, message }) =>
      code === 'ECONNREFUSED' ||
      code === 'ECONNRESET' ||
      code === 'ETIMEDOUT' ||
      code === '57P01' || // admin_shutdown
      code === '57P02' || // crash_shutdown
      code === '57P03' || // cannot_connect_now
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        message,
      ),
  );
}

/**
 * PostgreSQL gave up on a transaction because of another one running at the same time
 * (40001 serialization_failure, 40P01 deadlock_detected): nothing was written, and the
 * same request sent again can succeed.
 */
export function isTransactionConflict(error: unknown): boolean {
  return isOrWraps(error, ({ code }) => code === '40001' || code === '40P01');
}

/** The disk (or the user's quota on it) is full: a write of an upload failed. */
function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

const fastifyErrorCodes: Record<string, { status: number; code: ErrorCode; message?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'validation_failed' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'validation_failed',
    message: 'The request body is empty.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'validation_failed',
    message: 'The request body is not valid JSON.',
  },
};

/** One place turns every failure into `{ error: { code, message } }` with a fitting status. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', error.retryAfterSeconds);
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      const context = error.validationContext ?? 'request';
      for (const issue of error.validation) {
        const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        fields[where || context] = issue.message ?? 'Invalid value.';
      }
      return reply.status(400).send(errorBody('validation_failed', errorMessages.validation_failed, fields));
    }
    const known = error.code ? fastifyErrorCodes[error.code] : undefined;
    if (known) {
      return reply
        .status(known.status)
        .send(errorBody(known.code, known.message ?? errorMessages[known.code]));
    }
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply.status(400).send(errorBody('validation_failed', 'The request body is not valid JSON.'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(errorBody('service_unavailable', errorMessages.service_unavailable));
    }
    if (isTransactionConflict(error)) {
      request.log.warn({ err: error }, 'transaction conflict; the client may retry');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send(errorBody('service_unavailable', errorMessages.service_unavailable));
    }
    if (isStorageFull(error)) {
      request.log.error({ err: error }, 'storage full');
      return reply.status(507).send(errorBody('storage_full', errorMessages.storage_full));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody('rate_limited', errorMessages.rate_limited));
    }
    if (error.statusCode === 415) {
      // A plugin's refusal of what the body is written in, e.g. Content-Encoding: compress.
      return reply
        .status(415)
        .send(errorBody('unsupported_media_type', error.message || errorMessages.unsupported_media_type));
    }
    if (error.statusCode === 403) {
      // A plugin's refusal, such as a static file's path leaving its folder.
      return reply.status(403).send(errorBody('forbidden', errorMessages.forbidden));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .status(error.statusCode)
        .send(errorBody('validation_failed', error.message || errorMessages.validation_failed));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('internal_error', errorMessages.internal_error));
  });
}
