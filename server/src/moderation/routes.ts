import { adIdParamsSchema } from '@bazaar/common/ads';
import { conversationIdParamsSchema } from '@bazaar/common/messaging';
import {
  adActionResponseSchema,
  auditQuerySchema,
  auditResponseSchema,
  conversationActionResponseSchema,
  hideAdBodySchema,
  myAdReportResponseSchema,
  queueQuerySchema,
  queueResponseSchema,
  reportAdBodySchema,
  reportAdResponseSchema,
  reviewRequestResponseSchema,
  setRoleBodySchema,
  staffMessagesQuerySchema,
  staffMessagesResponseSchema,
  suspendUserBodySchema,
  userActionResponseSchema,
  userDetailResponseSchema,
  userIdParamsSchema,
  usersQuerySchema,
  usersResponseSchema,
} from '@bazaar/common/moderation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionGuard } from '../auth/session-guard';
import type { Database } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import { notFound } from '../http/errors';
import type { Storage } from '../media/storage';
import { authorize } from '../policies/authorize';
import { CONSOLE } from '../policies/staff';
import { moderateAd, requestReview } from './ad-actions';
import { findAuditEntries } from './audit';
import { dismissConversationReports, findStaffMessages } from './conversation-reports';
import { findQueue } from './queue';
import { hasOpenAdReport, reportAd } from './reports';
import { restoreUser, setUserRole, suspendUser } from './user-actions';
import { findUserDetail, searchUsers } from './users';

const tags = ['moderation'];

/**
 * Issue 13's moderation API (decision 0017): reporting an ad and asking for a review (owners),
 * and the console's /api/admin/* for staff. Every decision is the policy module's.
 */
export function registerModerationRoutes(
  app: FastifyInstance,
  { db, guard, storage, jobs }: { db: Database; guard: SessionGuard; storage: Storage; jobs: JobQueue },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** The signed-in staff member, or 401/403 before anything else is read. */
  async function requireStaff(request: FastifyRequest) {
    const user = await guard.currentUser(request);
    authorize(user, 'use', { console: CONSOLE });
    return user!;
  }

  /** Refuses non-staff before the request is even validated: a bad body is none of their business. */
  const staffFirst = {
    preValidation: async (request: FastifyRequest) => {
      await requireStaff(request);
    },
  };

  routes.post(
    '/api/ads/:id/reports',
    {
      schema: {
        tags,
        summary: 'Report an ad to the moderators (one open report per person per ad)',
        params: adIdParamsSchema,
        body: reportAdBodySchema,
        response: { 201: reportAdResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await guard.currentUser(request);
      const id = await reportAd(db, user, request.params.id, request.body);
      return reply.status(201).send({ id });
    },
  );

  routes.get(
    '/api/ads/:id/reports/mine',
    {
      schema: {
        tags,
        summary: 'Whether your report of this ad is still open (then reporting it again is refused)',
        params: adIdParamsSchema,
        response: { 200: myAdReportResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.currentUser(request);
      return { open: await hasOpenAdReport(db, user, request.params.id) };
    },
  );

  routes.post(
    '/api/ads/:id/review-request',
    {
      schema: {
        tags,
        summary: 'Ask the moderators to look again at your hidden or pending ad',
        params: adIdParamsSchema,
        response: { 200: reviewRequestResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      return { moderation: await requestReview(db, user, request.params.id) };
    },
  );

  routes.get(
    '/api/admin/queue',
    {
      ...staffFirst,
      schema: {
        tags,
        summary:
          'Reported, flagged, pending and review-requested ads and reported conversations, most reported first (staff)',
        querystring: queueQuerySchema,
        response: { 200: queueResponseSchema },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      return findQueue(db, storage, staff, request.query);
    },
  );

  routes.get(
    '/api/admin/conversations/:id/messages',
    {
      ...staffFirst,
      schema: {
        tags,
        summary:
          'Older messages of a conversation with an open report, which the staff member takes no part in (staff)',
        params: conversationIdParamsSchema,
        querystring: staffMessagesQuerySchema,
        response: { 200: staffMessagesResponseSchema },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      return findStaffMessages(db, staff, request.params.id, request.query);
    },
  );

  routes.post(
    '/api/admin/conversations/:id/dismiss',
    {
      ...staffFirst,
      schema: {
        tags,
        summary: "Close a conversation's open reports; nothing else changes (staff)",
        params: conversationIdParamsSchema,
        response: { 200: conversationActionResponseSchema },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      return dismissConversationReports(db, staff, request.params.id);
    },
  );

  const adAction = (url: string, action: 'restore' | 'dismiss' | 'feature' | 'unfeature', summary: string) =>
    routes.post(
      url,
      {
        ...staffFirst,
        schema: {
          tags,
          summary,
          params: adIdParamsSchema,
          response: { 200: adActionResponseSchema },
        },
      },
      async (request) => {
        const staff = await requireStaff(request);
        return { ad: await moderateAd(db, staff, request.params.id, action, { jobs }) };
      },
    );

  routes.post(
    '/api/admin/ads/:id/hide',
    {
      ...staffFirst,
      schema: {
        tags,
        summary: 'Hide an ad with a reason its owner sees (staff)',
        params: adIdParamsSchema,
        body: hideAdBodySchema,
        response: { 200: adActionResponseSchema },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      return {
        ad: await moderateAd(db, staff, request.params.id, 'hide', { jobs, reason: request.body.reason }),
      };
    },
  );
  adAction('/api/admin/ads/:id/restore', 'restore', 'Make a hidden or pending ad public (staff)');
  adAction(
    '/api/admin/ads/:id/dismiss',
    'dismiss',
    "Close an ad's open reports and flags; the ad stays as it is (staff)",
  );
  adAction('/api/admin/ads/:id/feature', 'feature', 'Feature an active ad for a week (staff)');
  adAction('/api/admin/ads/:id/unfeature', 'unfeature', "End an ad's featuring now (staff)");

  routes.get(
    '/api/admin/users',
    {
      ...staffFirst,
      schema: {
        tags,
        summary: 'Find people by e-mail or name, newest accounts first (staff)',
        querystring: usersQuerySchema,
        response: { 200: usersResponseSchema },
      },
    },
    async (request) => {
      await requireStaff(request);
      return searchUsers(db, request.query);
    },
  );

  routes.get(
    '/api/admin/users/:id',
    {
      ...staffFirst,
      schema: {
        tags,
        summary: 'A person with their ads and the reports about them (staff)',
        params: userIdParamsSchema,
        response: { 200: userDetailResponseSchema },
      },
    },
    async (request) => {
      await requireStaff(request);
      const detail = await findUserDetail(db, storage, request.params.id);
      if (!detail) throw notFound('This user does not exist.');
      return detail;
    },
  );

  routes.post(
    '/api/admin/users/:id/suspend',
    {
      ...staffFirst,
      schema: {
        tags,
        summary:
          'Suspend an account: sessions end, ads leave public lists, sign-in refused, reports about them in conversations close (staff)',
        params: userIdParamsSchema,
        body: suspendUserBodySchema,
        response: { 200: userActionResponseSchema },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      return { user: await suspendUser(db, staff, request.params.id, request.body.reason) };
    },
  );

  routes.post(
    '/api/admin/users/:id/restore',
    {
      ...staffFirst,
      schema: {
        tags,
        summary: 'Lift a suspension; the ads hidden with it return (staff)',
        params: userIdParamsSchema,
        response: { 200: userActionResponseSchema },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      return { user: await restoreUser(db, staff, request.params.id) };
    },
  );

  routes.put(
    '/api/admin/users/:id/role',
    {
      ...staffFirst,
      schema: {
        tags,
        summary: 'Grant or take back the moderator role (admins)',
        params: userIdParamsSchema,
        body: setRoleBodySchema,
        response: { 200: userActionResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.currentUser(request);
      authorize(user, 'manageRoles', { console: CONSOLE });
      return { user: await setUserRole(db, user!, request.params.id, request.body.role) };
    },
  );

  routes.get(
    '/api/admin/audit',
    {
      ...staffFirst,
      schema: {
        tags,
        summary: 'Every staff action with who, what, when and why; searchable (staff)',
        querystring: auditQuerySchema,
        response: { 200: auditResponseSchema },
      },
    },
    async (request) => {
      await requireStaff(request);
      return findAuditEntries(db, request.query);
    },
  );
}
