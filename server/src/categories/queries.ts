import type { Category } from '@bazaar/common/categories';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { advertisements, categories } from '../db/schema';

/** Every category in display order, with its number of active ads. */
export async function findCategoriesWithCounts(db: Database): Promise<Category[]> {
  const counts = db
    .select({ category: advertisements.category, count: sql<number>`count(*)::int`.as('count') })
    .from(advertisements)
    .where(eq(advertisements.status, 'active'))
    .groupBy(advertisements.category)
    .as('counts');
  return db
    .select({
      id: categories.id,
      name: categories.name,
      icon: categories.icon,
      count: sql<number>`coalesce(${counts.count}, 0)`,
    })
    .from(categories)
    .leftJoin(counts, eq(counts.category, categories.id))
    .orderBy(asc(categories.sort_order));
}
