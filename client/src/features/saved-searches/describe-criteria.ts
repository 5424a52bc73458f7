import { adSortLabels, sortOfSearch, type AdSearchCriteria } from '@bazaar/common/search-criteria';
import { formatPrice } from '../../lib/format';

function priceRange({ minPrice, maxPrice }: AdSearchCriteria): string | undefined {
  if (minPrice !== undefined && maxPrice !== undefined)
    return `${formatPrice(minPrice)}–${formatPrice(maxPrice)}`;
  if (minPrice !== undefined) return `from ${formatPrice(minPrice)}`;
  if (maxPrice !== undefined) return `up to ${formatPrice(maxPrice)}`;
  return undefined;
}

/**
 * The criteria in a few words, as a saved search's card lists them and a new one is named:
 * “bike” · Sports & Outdoors · $100–$500 · in Austin · Price: Low to High.
 */
export function describeCriteria(criteria: AdSearchCriteria, categoryName?: string): string[] {
  return [
    criteria.q ? `“${criteria.q}”` : undefined,
    criteria.category ? (categoryName ?? criteria.category) : undefined,
    priceRange(criteria),
    criteria.location ? `in ${criteria.location}` : undefined,
    // The order only when it is not the one these words get anyway.
    criteria.sort && criteria.sort !== sortOfSearch({ q: criteria.q })
      ? adSortLabels[criteria.sort]
      : undefined,
  ].filter((part): part is string => part !== undefined);
}

/** A new saved search's name until its owner changes it: its words, else its category, else "All ads". */
export function defaultSearchName(criteria: AdSearchCriteria, categoryName?: string): string {
  const name =
    criteria.q ?? (criteria.category ? (categoryName ?? criteria.category) : undefined) ?? 'All ads';
  return name.slice(0, 60);
}
