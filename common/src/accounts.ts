import * as z from 'zod';
import { PASSWORD_TOO_LONG_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE } from './account-messages';
import { routePatterns } from './site-paths';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PROFILE_LOCATION_MAX_LENGTH,
  PROFILE_NAME_MAX_LENGTH,
  PROFILE_PHONE_MAX_LENGTH,
} from './constants';
import { planIdSchema } from './plans';
import { roleSchema } from './roles';
import { postGateSchema, subscriptionStatusSchema } from './subscription-rules';
import { visibleTextSchema } from './visible-text';

export const emailSchema = z.email('Please enter a valid e-mail address.').max(254);
/** Never trimmed or truncated: what the person typed is what is hashed. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE);

/** A name shows what it says: without bidi controls, blank when nothing in it is visible. */
export const profileNameSchema = visibleTextSchema().max(PROFILE_NAME_MAX_LENGTH);
export const profilePhoneSchema = visibleTextSchema().max(PROFILE_PHONE_MAX_LENGTH);
export const profileLocationSchema = visibleTextSchema().max(PROFILE_LOCATION_MAX_LENGTH);

/**
 * Body of POST /api/auth/sign-up/email. The auth library needs e-mail, password and a
 * name; phone and location go to the new profile in the same transaction. Sign-up does
 * not sign in: the person confirms their address and signs in (spec §4 Register).
 */
export const signUpRequestSchema = z.strictObject({
  name: profileNameSchema.min(1, 'Please enter your name.'),
  email: emailSchema,
  password: passwordSchema,
  phone: profilePhoneSchema.optional(),
  location: profileLocationSchema.optional(),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

/** Body of POST /api/auth/sign-in/email. Without `rememberMe` the session outlives the browser. */
export const signInRequestSchema = z.strictObject({
  email: emailSchema,
  // Checked against the stored hash only; length rules belong to choosing a password.
  password: z.string().min(1, 'Please enter your password.').max(PASSWORD_MAX_LENGTH),
  rememberMe: z.boolean().optional(),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** Body of POST /api/auth/request-password-reset. The answer is the same for any address. */
export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** Body of POST /api/auth/reset-password: the token from the e-mailed link and the new password. */
export const resetPasswordRequestSchema = z.strictObject({
  token: z.string().min(1).max(200),
  newPassword: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/**
 * Body of POST /api/auth/change-password, signed in: the current password, checked against the
 * stored hash, and the new one. Every other session of the account is signed out.
 */
export const changePasswordRequestSchema = z.strictObject({
  currentPassword: z.string().min(1, 'Please enter your current password.').max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** Body of POST /api/auth/send-verification-email: sends a fresh confirmation link. */
export const verificationEmailRequestSchema = z.strictObject({ email: emailSchema });
export type VerificationEmailRequest = z.infer<typeof verificationEmailRequestSchema>;

export const socialProviderSchema = z.enum(['google', 'twitter']);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

/** A path on this site ("/dashboard"); never "//other.site", which a browser reads as another host. */
const localPathSchema = z
  .string()
  .max(200)
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'Must be a path on this site.');

/** Body of POST /api/auth/sign-in/social: where to go after the provider's page. */
export const socialSignInRequestSchema = z.strictObject({
  provider: socialProviderSchema,
  callbackURL: localPathSchema.optional(),
  errorCallbackURL: localPathSchema.optional(),
  newUserCallbackURL: localPathSchema.optional(),
});
export type SocialSignInRequest = z.infer<typeof socialSignInRequestSchema>;

/** GET /api/social-providers: the social sign-in providers this server has credentials for. */
export const socialProvidersResponseSchema = z.object({ providers: z.array(socialProviderSchema) });
export type SocialProvidersResponse = z.infer<typeof socialProvidersResponseSchema>;

/**
 * Where the auth library sends the browser after a confirmation link; the page reads
 * `?error=` when the link was bad. The router's patterns, so the server and the router agree.
 */
export const EMAIL_VERIFIED_PATH = routePatterns.emailVerified;
export const RESET_PASSWORD_PATH = routePatterns.resetPassword;

/** What the client needs to know about the signed-in user, in one call (spec §3 user). */
export const meResponseSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    email_verified: z.boolean(),
    created_at: z.iso.datetime(),
    /** Decided by the server (issue 13): staff may open /admin. */
    role: roleSchema,
    user_metadata: z.object({
      name: z.string(),
      subscription_status: subscriptionStatusSchema,
      subscription_plan: planIdSchema.nullable(),
      trial_end_date: z.iso.datetime(),
      engagement_score: z.number().int().nonnegative(),
      max_ads: z.number().int().nonnegative(),
    }),
  }),
  quota: z.object({
    active_ads: z.number().int().nonnegative(),
    max_ads: z.number().int().nonnegative(),
    trial_days_left: z.number().int().nonnegative(),
    post_gate: postGateSchema,
  }),
});
export type MeResponse = z.infer<typeof meResponseSchema>;
