import {
  notificationIdParamsSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  notificationUnreadResponseSchema,
} from '@bazaar/common/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionGuard } from '../auth/session-guard';
import type { Database } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import { authorize } from '../policies/authorize';
import {
  countUnreadNotifications,
  findNotificationFacts,
  findNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './queries';
import { registerEndingReminders } from './reminders';

export interface NotificationRouteDependencies {
  db: Database;
  guard: SessionGuard;
  jobs: JobQueue;
}

const tags = ['notifications'];

/** The header's bell (issue 12): the signed-in user's notifications and their read state. */
export function registerNotificationRoutes(
  app: FastifyInstance,
  { db, guard, jobs }: NotificationRouteDependencies,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  registerEndingReminders(db, jobs);

  routes.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: "The signed-in user's notifications, newest first, paged by cursor, with the unread count",
        querystring: notificationsQuerySchema,
        response: { 200: notificationsResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      const { notifications, nextCursor } = await findNotifications(db, user.id, request.query);
      return {
        notifications,
        next_cursor: nextCursor,
        unread: await countUnreadNotifications(db, user.id),
      };
    },
  );

  routes.get(
    '/api/notifications/unread',
    {
      schema: {
        tags,
        summary: "The number of the signed-in user's unread notifications",
        response: { 200: notificationUnreadResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      return { unread: await countUnreadNotifications(db, user.id) };
    },
  );

  routes.post(
    '/api/notifications/read-all',
    {
      schema: {
        tags,
        summary: 'Mark all as read: every notification of the signed-in user',
        response: { 200: notificationUnreadResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      await db.transaction((tx) => markAllNotificationsRead(tx, user.id));
      return { unread: await countUnreadNotifications(db, user.id) };
    },
  );

  routes.post(
    '/api/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one notification read (when it is opened)',
        params: notificationIdParamsSchema,
        response: { 200: notificationUnreadResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      const notification = authorize(user, 'write', {
        notification: await findNotificationFacts(db, request.params.id),
      });
      await db.transaction((tx) => markNotificationRead(tx, notification.id, user.id));
      return { unread: await countUnreadNotifications(db, user.id) };
    },
  );
}
