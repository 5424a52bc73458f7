import type { AccountExport } from '@bazaar/common/profiles';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database';
import {
  adFeatures,
  adMedia,
  adReports,
  advertisements,
  checkouts,
  conversationParticipants,
  conversationReports,
  conversations,
  favorites,
  messages,
  notifications,
  payments,
  profiles,
  sessions,
  userBlocks,
  users,
} from '../db/schema';
import { unauthenticated } from '../http/errors';
import type { Storage } from '../media/storage';

/**
 * Everything held about one person (issue 13, "Download my data"): account and profile with
 * settings, sessions (without their tokens), ads with their media addresses, favourites,
 * featured weeks, checkouts and payments, conversations with every message, blocks and
 * reports they made (of conversations and ads), notifications, role and suspension. Rows are as stored, so nothing is left out by a presenter.
 */
export async function exportAccountData(
  db: Database,
  storage: Storage,
  userId: string,
): Promise<AccountExport> {
  const [account] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      email_verified: users.emailVerified,
      created_at: users.createdAt,
      role: users.role,
      suspended_at: users.suspendedAt,
      suspended_reason: users.suspendedReason,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw unauthenticated();
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const ads = await db
    .select()
    .from(advertisements)
    .where(eq(advertisements.user_id, userId))
    .orderBy(desc(advertisements.created_at));
  const media = ads.length
    ? await db
        .select()
        .from(adMedia)
        .where(
          inArray(
            adMedia.ad_id,
            ads.map((ad) => ad.id),
          ),
        )
        .orderBy(asc(adMedia.position))
    : [];
  const participations = await db
    .select()
    .from(conversationParticipants)
    .where(eq(conversationParticipants.user_id, userId));
  const conversationIds = participations.map((participant) => participant.conversation_id);
  const [conversationRows, messageRows] = conversationIds.length
    ? await Promise.all([
        db.select().from(conversations).where(inArray(conversations.id, conversationIds)),
        db
          .select()
          .from(messages)
          .where(inArray(messages.conversation_id, conversationIds))
          .orderBy(asc(messages.created_at)),
      ])
    : [[], []];

  return {
    exported_at: new Date().toISOString(),
    account,
    profile: profile ?? null,
    sessions: await db
      .select({
        created_at: sessions.createdAt,
        expires_at: sessions.expiresAt,
        ip_address: sessions.ipAddress,
        user_agent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
    ads: ads.map(({ search: _search, ...ad }) => ({
      ...ad,
      media: media
        .filter((item) => item.ad_id === ad.id)
        .map((item) => ({
          kind: item.kind,
          url: storage.url(item.storage_key),
          content_type: item.content_type,
        })),
    })),
    favorites: await db
      .select({ ad_id: favorites.ad_id, title: advertisements.title, created_at: favorites.created_at })
      .from(favorites)
      .innerJoin(advertisements, eq(advertisements.id, favorites.ad_id))
      .where(eq(favorites.user_id, userId)),
    featured_weeks: await db.select().from(adFeatures).where(eq(adFeatures.user_id, userId)),
    checkouts: await db
      .select({
        id: checkouts.id,
        purpose: checkouts.purpose,
        plan_id: checkouts.plan_id,
        ad_id: checkouts.ad_id,
        provider: checkouts.provider,
        amount_cents: checkouts.amount_cents,
        credit_cents: checkouts.credit_cents,
        status: checkouts.status,
        created_at: checkouts.created_at,
        completed_at: checkouts.completed_at,
      })
      .from(checkouts)
      .where(eq(checkouts.user_id, userId)),
    payments: await db.select().from(payments).where(eq(payments.user_id, userId)),
    conversations: conversationRows.map((conversation) => ({
      ...conversation,
      my_role: participations.find((participant) => participant.conversation_id === conversation.id)?.role,
      messages: messageRows.filter((message) => message.conversation_id === conversation.id),
    })),
    blocked_users: await db.select().from(userBlocks).where(eq(userBlocks.blocker_id, userId)),
    // Not who on the staff closed them: that is the staff's, not the reporter's.
    conversation_reports: await db
      .select({
        id: conversationReports.id,
        conversation_id: conversationReports.conversation_id,
        reason: conversationReports.reason,
        details: conversationReports.details,
        created_at: conversationReports.created_at,
        resolved_at: conversationReports.resolved_at,
      })
      .from(conversationReports)
      .where(eq(conversationReports.reporter_id, userId)),
    ad_reports: await db.select().from(adReports).where(eq(adReports.reporter_id, userId)),
    notifications: await db
      .select({
        kind: notifications.kind,
        title: notifications.title,
        link: notifications.link,
        created_at: notifications.created_at,
        read_at: notifications.read_at,
      })
      .from(notifications)
      .where(eq(notifications.user_id, userId))
      .orderBy(desc(notifications.created_at)),
  };
}
