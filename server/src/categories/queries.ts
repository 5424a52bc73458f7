import type { Category } from '@bazaar/common/categories';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { categories } from '../db/schema';

/**
 * Every category in display order, with its number of active ads (kept by triggers on
 * advertisements, migration 0005).
 */
export function findCategoriesWithCounts(db: Database): Promise<Category[]> {
  return db
    .select({ id: categories.id, name: categories.name, icon: categories.icon, count: categories.active_ads })
    .from(categories)
    .orderBy(asc(categories.sort_order));
}

/** Is there a category with this id (its page exists)? */
export async function categoryExists(db: Database, id: string): Promise<boolean> {
  const rows = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return rows.length > 0;
}
