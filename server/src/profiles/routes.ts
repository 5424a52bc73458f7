import { meResponseSchema, type MeResponse } from '@bazaar/common/accounts';
import { engagementScore } from '@bazaar/common/engagement';
import { postGate, trialDaysLeft } from '@bazaar/common/subscription-rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionGuard } from '../auth/session-guard';
import type { Database } from '../db/database';
import { unauthenticated } from '../http/errors';
import { countActiveAdsForUser, findProfileWithUser, findSellerActivity, subscriptionOf } from './queries';

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
      const subscription = subscriptionOf(profile);
      return {
        user: {
          id: user.id,
          email: found.email,
          email_verified: found.emailVerified,
          created_at: found.userCreatedAt.toISOString(),
          user_metadata: {
            name: profile.name,
            subscription_status: subscription.subscriptionStatus,
            subscription_plan: subscription.subscriptionPlan,
            trial_end_date: subscription.trialEndDate.toISOString(),
            engagement_score: engagementScore(activity),
            max_ads: subscription.maxAds,
          },
        },
        quota: {
          active_ads: activeAds,
          max_ads: subscription.maxAds,
          trial_days_left: trialDaysLeft(subscription.trialEndDate),
          post_gate: postGate({ ...subscription, activeAds }),
        },
      };
    },
  );
}
