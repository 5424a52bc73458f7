import { meResponseSchema, type MeResponse } from '@bazaar/common/accounts';
import { engagementScore } from '@bazaar/common/engagement';
import {
  profileResponseSchema,
  profileSettingsResponseSchema,
  updateProfileRequestSchema,
  updateProfileSettingsRequestSchema,
  type ProfileResponse,
} from '@bazaar/common/profiles';
import { readProfileSettings, type ProfileSettings } from '@bazaar/common/settings';
import { postGate, trialDaysLeft } from '@bazaar/common/subscription-rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionGuard } from '../auth/session-guard';
import type { Database } from '../db/database';
import { notFound } from '../http/errors';
import {
  findProfileSettings,
  findProfileWithUser,
  findSellerActivity,
  findSellerQuota,
  saveProfileSettings,
  subscriptionOf,
  updateProfileDetails,
} from './queries';

/** The seller's own profile as the API shows it; subscription fields are the effective ones. */
async function presentOwnProfile(db: Database, userId: string): Promise<ProfileResponse> {
  const [found, activity] = await Promise.all([
    findProfileWithUser(db, userId),
    findSellerActivity(db, userId),
  ]);
  if (!found) throw notFound('This account has no profile.');
  const { profile } = found;
  const subscription = subscriptionOf(profile);
  return {
    id: profile.id,
    email: found.email,
    name: profile.name,
    phone: profile.phone,
    location: profile.location,
    verified: found.emailVerified,
    engagement_score: engagementScore(activity),
    subscription_status: subscription.subscriptionStatus,
    subscription_plan: subscription.subscriptionPlan,
    trial_end_date: subscription.trialEndDate.toISOString(),
    max_ads: subscription.maxAds,
    created_at: found.userCreatedAt.toISOString(),
  };
}

export async function registerProfileRoutes(
  app: FastifyInstance,
  { db, guard }: { db: Database; guard: SessionGuard },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/me',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'The signed-in user, with the profile fields the client reads as user_metadata; null when no one is signed in',
        response: { 200: meResponseSchema.nullable() },
      },
    },
    // Asked on every page load: a visitor who is not signed in is a normal answer, not a 401.
    async (request): Promise<MeResponse | null> => {
      const user = await guard.currentUser(request);
      if (!user) return null;
      const [found, quota, activity] = await Promise.all([
        findProfileWithUser(db, user.id),
        findSellerQuota(db, user.id),
        findSellerActivity(db, user.id),
      ]);
      if (!found || !quota) return null;
      const { profile } = found;
      return {
        user: {
          id: user.id,
          email: found.email,
          email_verified: found.emailVerified,
          created_at: found.userCreatedAt.toISOString(),
          role: user.role,
          user_metadata: {
            name: profile.name,
            subscription_status: quota.subscriptionStatus,
            subscription_plan: quota.subscriptionPlan,
            trial_end_date: quota.trialEndDate.toISOString(),
            engagement_score: engagementScore(activity),
            max_ads: quota.maxAds,
          },
        },
        quota: {
          active_ads: quota.activeAds,
          max_ads: quota.maxAds,
          trial_days_left: trialDaysLeft(quota.trialEndDate),
          post_gate: postGate(quota),
        },
      };
    },
  );

  routes.get(
    '/api/profile',
    {
      schema: {
        tags: ['profiles'],
        summary: "The signed-in seller's own profile",
        response: { 200: profileResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      return presentOwnProfile(db, user.id);
    },
  );

  routes.patch(
    '/api/profile',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Change name, phone or location; nothing else about a profile can be changed here',
        body: updateProfileRequestSchema,
        response: { 200: profileResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      if (!(await updateProfileDetails(db, user.id, request.body))) {
        throw notFound('This account has no profile.');
      }
      return presentOwnProfile(db, user.id);
    },
  );

  routes.get(
    '/api/profile/settings',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Notification and privacy settings, with the defaults for anything not yet chosen',
        response: { 200: profileSettingsResponseSchema },
      },
    },
    async (request): Promise<ProfileSettings> => {
      const user = await guard.requireUser(request);
      const stored = await findProfileSettings(db, user.id);
      if (!stored) throw notFound('This account has no profile.');
      return readProfileSettings(stored.settings);
    },
  );

  routes.put(
    '/api/profile/settings',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Replace the notification and privacy settings (every setting is sent)',
        body: updateProfileSettingsRequestSchema,
        response: { 200: profileSettingsResponseSchema },
      },
    },
    async (request): Promise<ProfileSettings> => {
      const user = await guard.requireUser(request);
      if (!(await saveProfileSettings(db, user.id, request.body))) {
        throw notFound('This account has no profile.');
      }
      return request.body;
    },
  );
}
