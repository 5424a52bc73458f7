import { z } from 'zod';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PROFILE_LOCATION_MAX_LENGTH,
  PROFILE_NAME_MAX_LENGTH,
  PROFILE_PHONE_MAX_LENGTH,
} from './constants';
import { planIdSchema } from './plans';
import { postGateSchema, subscriptionStatusSchema } from './subscription-rules';

export const emailSchema = z.email().max(254);
export const passwordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

export const profileNameSchema = z.string().trim().max(PROFILE_NAME_MAX_LENGTH);
export const profilePhoneSchema = z.string().trim().max(PROFILE_PHONE_MAX_LENGTH);
export const profileLocationSchema = z.string().trim().max(PROFILE_LOCATION_MAX_LENGTH);

/**
 * Body of POST /api/auth/sign-up/email. The auth library needs e-mail, password and a
 * name; phone and location go to the new profile in the same transaction.
 */
export const signUpRequestSchema = z.strictObject({
  name: profileNameSchema.min(1),
  email: emailSchema,
  password: passwordSchema,
  phone: profilePhoneSchema.optional(),
  location: profileLocationSchema.optional(),
  rememberMe: z.boolean().optional(),
  callbackURL: z.string().startsWith('/').optional(),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

/** What the client needs to know about the signed-in user, in one call (spec §3 user). */
export const meResponseSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    email_verified: z.boolean(),
    created_at: z.iso.datetime(),
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
