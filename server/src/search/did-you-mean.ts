import type { AdSearchCriteria } from '@bazaar/common/search-criteria';
import type { Database } from '../db/database';
import { circleOf, hasAdsForSearch } from '../ads/queries';
import { correctSearchWords } from './queries';

/**
 * "Did you mean" for a search that found nothing (issue 15): its words with the unknown ones
 * corrected, offered only when that search, with the same filters, finds something.
 */
export async function findDidYouMean(db: Database, criteria: AdSearchCriteria): Promise<string | undefined> {
  if (!criteria.q) return undefined;
  const corrected = await correctSearchWords(db, criteria.q);
  if (!corrected) return undefined;
  const isFound = await hasAdsForSearch(db, { ...criteria, q: corrected }, await circleOf(db, criteria));
  return isFound ? corrected : undefined;
}
