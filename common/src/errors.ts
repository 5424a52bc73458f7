import { AD_EXPIRY_REMINDER_DAYS } from './constants';

/**
 * Every error code the API answers with, and the sentence a person reads.
 * Codes are stable: the client maps them to the spec's toasts (spec §8).
 */
export const errorMessages = {
  validation_failed: 'Some fields are missing or invalid.',
  unauthenticated: 'Please sign in to continue.',
  forbidden: "You don't have permission to do that.",
  not_found: 'Not found.',
  route_not_found: 'There is no such API endpoint.',
  method_not_allowed: 'This endpoint does not accept that method.',
  rate_limited: 'Too many attempts. Please wait a moment and try again.',
  cross_origin_refused: 'Requests from other sites are not accepted.',
  payload_too_large: 'The request is too large.',
  unsupported_media_type: 'This content type is not accepted here.',
  service_unavailable: 'The service is temporarily unavailable. Please try again shortly.',
  storage_full: 'There is no room left to store files right now. Please try again later.',
  internal_error: 'Something went wrong on our side. Please try again.',
  email_taken: 'An account with this e-mail already exists.',
  invalid_credentials: 'Invalid e-mail or password.',
  email_not_verified: 'Please verify your e-mail address before signing in. We have sent you a new link.',
  invalid_token: 'This link is invalid or has expired.',
  email_already_verified: 'Your e-mail address is already confirmed.',
  social_login_unavailable: 'Sign-in with this provider is not available.',
  ad_limit_reached: "You've reached your ad limit. Upgrade to post more ads.",
  trial_expired: 'Your 14-day trial has expired. Upgrade to continue posting ads.',
  already_on_plan: 'You are already subscribed to this plan.',
  no_active_subscription: 'You have no active subscription.',
  invalid_signature: 'The payment event could not be verified.',
  payment_provider_error: 'The payment provider could not be reached. Please try again.',
  image_required: 'Please upload at least one image.',
  too_many_files: 'You can upload a maximum of 10 images and 2 videos.',
  unsupported_file_type: 'Only PNG, JPG and GIF images and MP4 and MOV videos are accepted.',
  file_too_large: 'Images can be at most 10 MB and videos at most 50 MB.',
  invalid_image: 'This image could not be read. Please choose another PNG, JPG or GIF file.',
  image_too_large: 'This image has too many pixels to process (the limit is 40 megapixels).',
  own_ad_favorite: "You can't add your own ad to your favorites.",
  own_ad_message: "You can't send a message about your own ad.",
  direct_messages_disabled: "This seller doesn't accept direct messages.",
  user_blocked: "You can't exchange messages with this person.",
  recipient_unavailable: 'This person has deleted their account.',
  conversation_limit_reached:
    "You've started too many conversations in the last hour. Please try again later.",
  new_account_conversation_limit_reached:
    'New accounts can start up to 10 conversations an hour. Please try again later.',
  message_rate_limited: "You're sending messages too fast. Please wait a minute and try again.",
  posting_limit_reached: "You've posted the most ads an hour allows. Please try again later.",
  ad_not_featurable: 'Only active ads can be featured.',
  ad_not_expired: `An ad can be renewed in its last ${AD_EXPIRY_REMINDER_DAYS} days or once it has expired.`,
  ad_not_active: 'Only active ads can be marked as sold.',
  no_included_features: 'Your plan has no included features left this period.',
  wrong_password: 'The password is not correct.',
  report_already_open: 'You have already reported this ad. Our moderators will look at it.',
  own_ad_report: "You can't report your own ad.",
  report_rate_limited: "You've sent many reports in a short time. Please try again later.",
  contact_rate_limited:
    "You've looked up many sellers' numbers in a short time. Please wait a few minutes and try again.",
  seller_suspended: "This seller's account is suspended. Restore the account to make its ads public again.",
  account_suspended:
    'This account has been suspended by our moderators and cannot sign in. If you think this is a mistake, contact support.',
  unknown_place: 'This place is not in our list of places. Choose one of the suggestions.',
  saved_search_limit_reached:
    "You've saved the most searches an account can keep (50). Delete one to save another.",
  saved_search_exists: "You've saved this search already: it is in your saved searches.",
  password_not_set:
    "Your account has no password yet. Set one with 'Forgot password?' on the login page first.",
} as const;

export type ErrorCode = keyof typeof errorMessages;

/** The body of every error response. (No schema library here: the client's first load stays small.) */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    /** Field-level problems of a validation error: field path → message. */
    fields?: Record<string, string>;
  };
}

/** Is this an API error body? */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const { error } = value;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string'
  );
}
