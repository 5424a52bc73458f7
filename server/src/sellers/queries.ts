import type { DailyActivity } from '@bazaar/common/sellers';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

/** The seller's active ads and the mean price of all their ads (dollars, to the cent). */
export async function findSellerAdTotals(
  db: Database,
  userId: string,
): Promise<{ activeAds: number; averagePrice: number }> {
  const { rows } = await db.execute<{ active_ads: number; average_price: string }>(sql`
    select count(*) filter (where status = 'active')::int as active_ads,
           coalesce(round(avg(price), 2), 0)::text as average_price
    from advertisements
    where user_id = ${userId}`);
  const row = rows[0];
  return { activeAds: row?.active_ads ?? 0, averagePrice: Number(row?.average_price ?? 0) };
}

/**
 * Views and likes of the seller's ads per UTC day, for the last `days` days up to today,
 * zeros included. Views are the ad_views rows (one per viewer per day, the same rows that
 * move an ad's `views`); likes are favourites by the day they were made.
 */
export async function findSellerDailyActivity(
  db: Database,
  userId: string,
  days: number,
): Promise<DailyActivity[]> {
  const { rows } = await db.execute<DailyActivity>(sql`
    with series as (
      select (now() at time zone 'UTC')::date - offset_days as day
      from generate_series(0, ${days - 1}::int) as offset_days
    ),
    first_day as (select min(day) as day from series),
    seller_ads as (select id from advertisements where user_id = ${userId}),
    daily_views as (
      select v.day, count(*)::int as views
      from ad_views v
      join seller_ads a on a.id = v.ad_id
      where v.day >= (select day from first_day)
      group by v.day
    ),
    daily_likes as (
      select (f.created_at at time zone 'UTC')::date as day, count(*)::int as likes
      from favorites f
      join seller_ads a on a.id = f.ad_id
      where f.created_at >= ((select day from first_day)::timestamp at time zone 'UTC')
      group by 1
    )
    select to_char(s.day, 'YYYY-MM-DD') as date,
           coalesce(v.views, 0) as views,
           coalesce(l.likes, 0) as likes
    from series s
    left join daily_views v on v.day = s.day
    left join daily_likes l on l.day = s.day
    order by s.day`);
  return rows;
}
