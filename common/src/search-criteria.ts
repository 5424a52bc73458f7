/**
 * The names of the search criteria (spec §5), in the order a query string lists them. The
 * zod shape in ads.ts is keyed by exactly these (a `satisfies` check). This module, and
 * search-reading.ts which reads a page's address, stay free of zod: the pages that search (and
 * those that only link to a search: the home page loads the ads API module) do not carry the
 * validator (24 kB gzip).
 */
export const SEARCH_CRITERIA = [
  'q',
  'category',
  'minPrice',
  'maxPrice',
  'location',
  'place',
  'radius',
  'sort',
] as const;
export type SearchCriterion = (typeof SEARCH_CRITERIA)[number];

/** The orders of results; `distance` (nearest first) needs a place to measure from (issue 14). */
export const AD_SORTS = [
  'relevance',
  'newest',
  'oldest',
  'price-low',
  'price-high',
  'popular',
  'distance',
] as const;
export type AdSort = (typeof AD_SORTS)[number];

export const adSortLabels: Record<AdSort, string> = {
  relevance: 'Best match',
  newest: 'Newest First',
  oldest: 'Oldest First',
  'price-low': 'Price: Low to High',
  'price-high': 'Price: High to Low',
  popular: 'Most Popular',
  distance: 'Distance: Nearest First',
};

export function isAdSort(text: string): text is AdSort {
  return (AD_SORTS as readonly string[]).includes(text);
}

/** Radius search's distances (issue 14), in kilometres. */
export const SEARCH_RADII_KM = [5, 10, 25, 50, 100] as const;
export type SearchRadiusKm = (typeof SEARCH_RADII_KM)[number];
/** The radius of a search that names a place but no radius. */
export const DEFAULT_SEARCH_RADIUS_KM: SearchRadiusKm = 25;

/** The criteria of a search; ads.ts's zod shape reads the same (a type check there). */
export interface AdSearchCriteria {
  /** Words to find in titles and descriptions (full-text, English stemming). */
  q?: string;
  category?: string;
  /** Inclusive bounds in dollars. */
  minPrice?: number;
  maxPrice?: number;
  /** Case-insensitive part of the location. */
  location?: string;
  /** Ads within `radius` km of this gazetteer place (issue 14); the server reads its coordinates. */
  place?: number;
  /** Kilometres around `place` (DEFAULT_SEARCH_RADIUS_KM when left out). */
  radius?: SearchRadiusKm;
  /** Absent: best match when there are words, else the newest first (sortOfSearch). */
  sort?: AdSort;
}

/** The order of results without words to match, when a search names none. */
export const DEFAULT_SORT = 'newest';
/** Best match (issue 15): the order of a search with words that names none. */
export const RELEVANCE_SORT = 'relevance';

/**
 * The order a search's results come in: the one it names, else best match when it has words
 * and the newest first when it has none. Best match without words has nothing to rank, so it
 * is the newest first too (the API accepts it rather than refusing a link that lost its words).
 */
export function sortOfSearch<Sort extends string>(criteria: {
  q?: string | undefined;
  sort?: Sort | undefined;
}): Sort | typeof DEFAULT_SORT | typeof RELEVANCE_SORT {
  const hasWords = criteria.q !== undefined && criteria.q.trim() !== '';
  if (criteria.sort === undefined || (criteria.sort === RELEVANCE_SORT && !hasWords)) {
    return hasWords ? RELEVANCE_SORT : DEFAULT_SORT;
  }
  return criteria.sort;
}

/**
 * The query string of a search, for the API and the page's URL alike: only the criteria that
 * are set, in SEARCH_CRITERIA's order, the sort left out when it is the default for these
 * words (sortOfSearch); then `extra` (e.g. the cursor).
 */
export function searchQueryString(
  criteria: Partial<Record<SearchCriterion, string | number | undefined>>,
  extra: Record<string, string> = {},
): string {
  const q = typeof criteria.q === 'string' ? criteria.q : undefined;
  const defaultSort = sortOfSearch({ q });
  const set = SEARCH_CRITERIA.flatMap((name): [string, string][] => {
    const value = criteria[name];
    const isDefaultSort =
      name === 'sort' && (value === defaultSort || sortOfSearch({ q, sort: String(value) }) === defaultSort);
    const isUnset = value === undefined || value === '' || isDefaultSort;
    return isUnset ? [] : [[name, String(value)]];
  });
  return [...set, ...Object.entries(extra)].map(([name, value]) => `${name}=${formEncode(value)}`).join('&');
}

/** As a form encodes a value (spaces as +), without the DOM's URLSearchParams: common runs anywhere. */
const formEncode = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');

/** The address of a search or category page showing these criteria (no `?` when there are none). */
export function searchPagePath(
  pagePath: string,
  criteria: Partial<Record<SearchCriterion, string | number | undefined>>,
): string {
  const query = searchQueryString(criteria);
  return query ? `${pagePath}?${query}` : pagePath;
}

/**
 * The one address search engines should keep for a search or category page (issue 15): its
 * criteria, not its order, which lists the same ads.
 */
export function canonicalSearchPath(
  pagePath: string,
  criteria: Partial<Record<SearchCriterion, string | number | undefined>>,
): string {
  return searchPagePath(pagePath, { ...criteria, sort: undefined });
}
