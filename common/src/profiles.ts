import * as z from 'zod';
import { profileLocationSchema, profileNameSchema, profilePhoneSchema } from './accounts';
import { PASSWORD_MAX_LENGTH } from './constants';
import { planIdSchema } from './plans';
import { profileSettingsSchema } from './settings';
import { subscriptionStatusSchema } from './subscription-rules';

/**
 * The signed-in seller's own profile (spec §3 Profile), as GET and PATCH /api/profile answer.
 * `verified` is the confirmed e-mail address; the subscription fields are the effective ones
 * (a lapsed plan no longer counts) and are only ever changed by the server.
 */
export const profileResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  location: z.string(),
  verified: z.boolean(),
  engagement_score: z.number().int().nonnegative(),
  subscription_status: subscriptionStatusSchema,
  subscription_plan: planIdSchema.nullable(),
  trial_end_date: z.iso.datetime(),
  max_ads: z.number().int().nonnegative(),
  /** When the account was created ("Member since"). */
  created_at: z.iso.datetime(),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/**
 * Body of PATCH /api/profile: only what the person may change (spec §4 Profile edit, §5: no
 * checks beyond sane lengths). Subscription, quota and verified fields are refused.
 */
export const updateProfileRequestSchema = z
  .strictObject({
    name: profileNameSchema.optional(),
    phone: profilePhoneSchema.optional(),
    location: profileLocationSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one of name, phone and location.',
  });
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** GET and PUT /api/profile/settings: the notification and privacy choices, all of them. */
export const profileSettingsResponseSchema = profileSettingsSchema;
export const updateProfileSettingsRequestSchema = profileSettingsSchema;

/** Body of DELETE /api/me: the account is deleted only with its password (issue 13). */
export const deleteAccountRequestSchema = z.strictObject({
  password: z.string().min(1, 'Please enter your password.').max(PASSWORD_MAX_LENGTH),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

const exportedRows = z.array(z.record(z.string(), z.unknown()));

/** GET /api/me/export: everything Bazaar holds about the signed-in person, as one JSON file. */
export const accountExportSchema = z.object({
  exported_at: z.iso.datetime(),
  account: z.record(z.string(), z.unknown()),
  profile: z.record(z.string(), z.unknown()).nullable(),
  sessions: exportedRows,
  ads: exportedRows,
  favorites: exportedRows,
  featured_weeks: exportedRows,
  checkouts: exportedRows,
  payments: exportedRows,
  conversations: exportedRows,
  blocked_users: exportedRows,
  conversation_reports: exportedRows,
  ad_reports: exportedRows,
  notifications: exportedRows,
});
export type AccountExport = z.infer<typeof accountExportSchema>;
