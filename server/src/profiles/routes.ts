import { meResponseSchema, type MeResponse } from '@bazaar/common/accounts';
import { engagementScore } from '@bazaar/common/engagement';
import { postGate, trialDaysLeft } from '@bazaar/common/subscription-rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionGuard } from '../auth/session-guard';
import type { Database } from '../db/database';
import { unauthenticated } from '../http/errors';
import { countActiveAdsForUser, findProfileWithUser, findSellerActivity } from './queries';

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
        summary: 'The signed-in user, with the profile fields the client reads as user_metadata',
        response: { 200: meResponseSchema },
      },
    },
    async (request): Promise<MeResponse> => {
      const user = await guard.requireUser(request);
      const [found, activeAds, activity] = await Promise.all([
        findProfileWithUser(db, user.id),
        countActiveAdsForUser(db, user.id),
        findSellerActivity(db, user.id),
      ]);
      if (!found) throw unauthenticated();
      const { profile } = found;
      const quota = {
        subscriptionStatus: profile.subscription_status,
        trialEndDate: profile.trial_end_date,
        maxAds: profile.max_ads,
        activeAds,
      };
      return {
        user: {
          id: user.id,
          email: found.email,
          email_verified: found.emailVerified,
          created_at: found.userCreatedAt.toISOString(),
          user_metadata: {
            name: profile.name,
            subscription_status: profile.subscription_status,
            subscription_plan: profile.subscription_plan,
            trial_end_date: profile.trial_end_date.toISOString(),
            engagement_score: engagementScore(activity),
            max_ads: profile.max_ads,
          },
        },
        quota: {
          active_ads: activeAds,
          max_ads: profile.max_ads,
          trial_days_left: trialDaysLeft(profile.trial_end_date),
          post_gate: postGate(quota),
        },
      };
    },
  );
}
