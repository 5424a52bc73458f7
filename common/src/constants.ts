/** Business constants of spec §9, written once. */

/** One hour and one day in milliseconds, for date arithmetic in UTC. */
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

export const TRIAL_DAYS = 14;
export const DEFAULT_MAX_ADS = 1;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export const AD_TITLE_MAX_LENGTH = 100;
export const AD_DESCRIPTION_MAX_LENGTH = 1000;
export const AD_PRICE_MAX = 9_999_999_999.99;
export const AD_LOCATION_MAX_LENGTH = 120;
export const MAX_IMAGES_PER_AD = 10;
export const MAX_VIDEOS_PER_AD = 2;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;

/** An active ad expires this many days after it is posted or renewed (default of AD_LIFETIME_DAYS). */
export const AD_LIFETIME_DAYS_DEFAULT = 30;
/** The owner is reminded this many days before their ad expires. */
export const AD_EXPIRY_REMINDER_DAYS = 3;
/** A sold ad's page says "Sold" to everyone for this many days, then it is gone for the public. */
export const AD_SOLD_VISIBLE_DAYS = 7;

export const HOME_FEATURED_LIMIT = 6;
export const RELATED_ADS_LIMIT = 4;
export const PAGE_SIZE_DEFAULT = 12;
export const PAGE_SIZE_MAX = 50;
/** A thread opens on its last 30 messages. */
export const MESSAGE_PAGE_SIZE_DEFAULT = 30;
export const SEARCH_QUERY_MAX_LENGTH = 200;

/** A category id is a slug such as `real-estate`. */
export const CATEGORY_ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const CATEGORY_ID_MAX_LENGTH = 40;
/** The largest gazetteer place id (a PostgreSQL `int`). */
export const PLACE_ID_MAX = 2_147_483_647;
/** Search results are counted up to this many; beyond it the page says "1,000+ ads found". */
export const SEARCH_COUNT_CAP = 1000;

/** Meta descriptions (and previews) are cut to this many characters (spec §2 /ad/{id}). */
export const META_DESCRIPTION_MAX_LENGTH = 160;

export const ENGAGEMENT_MILESTONE = 500;
export const POPULAR_SELLER_VIEWS = 50;
export const ENGAGEMENT_MASTER_POINTS = 100;
export const BOOST_SCORE_POINTS = 10;

/** The dashboard's analytics chart covers the last 30 days; the API allows 7 to 90. */
export const ANALYTICS_DAYS_DEFAULT = 30;
export const ANALYTICS_DAYS_MIN = 7;
export const ANALYTICS_DAYS_MAX = 90;

/** Short free-text profile fields (spec §5: no checks beyond sane lengths). */
export const PROFILE_NAME_MAX_LENGTH = 100;
export const PROFILE_PHONE_MAX_LENGTH = 40;
export const PROFILE_LOCATION_MAX_LENGTH = 120;

/** Messaging (issue 12). */
export const MESSAGE_MAX_LENGTH = 2000;
/** Conversations anyone may start in an hour; accounts younger than a day start fewer. */
export const CONVERSATIONS_PER_HOUR = 30;
export const NEW_ACCOUNT_CONVERSATIONS_PER_HOUR = 10;
export const NEW_ACCOUNT_HOURS = 24;
export const MESSAGES_PER_MINUTE = 60;

/** The seller page's response figures count conversations started this many days back (issue 14). */
export const SELLER_RESPONSE_WINDOW_DAYS = 90;
/** A first reply within this many hours counts as answered for the response rate. */
export const SELLER_REPLY_WITHIN_HOURS = 24;

/** Saved searches (issue 14): how many an account keeps, how long a name is. */
export const SAVED_SEARCHES_MAX = 50;
export const SAVED_SEARCH_NAME_MAX_LENGTH = 60;
/** "N new" is counted up to this many; the page says "99+" beyond. */
export const SAVED_SEARCH_NEW_COUNT_CAP = 99;
