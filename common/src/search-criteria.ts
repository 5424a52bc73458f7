/**
 * The names of the search criteria (spec §5), in the order a query string lists them. The
 * zod shape in ads.ts is keyed by exactly these (a `satisfies` check), and its type gives
 * AdSearchCriteria. This module stays free of zod, so pages that only link to a search (the
 * home page loads the ads API module) do not carry the validator.
 */
export const SEARCH_CRITERIA = ['q', 'category', 'minPrice', 'maxPrice', 'location', 'sort'] as const;
export type SearchCriterion = (typeof SEARCH_CRITERIA)[number];

/** The order results come in when a search names none; left out of query strings. */
export const DEFAULT_SORT = 'newest';

/**
 * The query string of a search, for the API and the page's URL alike: only the criteria that
 * are set, in SEARCH_CRITERIA's order, the default sort left out; then `extra` (e.g. the cursor).
 */
export function searchQueryString(
  criteria: Partial<Record<SearchCriterion, string | number | undefined>>,
  extra: Record<string, string> = {},
): string {
  const set = SEARCH_CRITERIA.flatMap((name): [string, string][] => {
    const value = criteria[name];
    const isUnset = value === undefined || value === '' || (name === 'sort' && value === DEFAULT_SORT);
    return isUnset ? [] : [[name, String(value)]];
  });
  return [...set, ...Object.entries(extra)].map(([name, value]) => `${name}=${formEncode(value)}`).join('&');
}

/** As a form encodes a value (spaces as +), without the DOM's URLSearchParams: common runs anywhere. */
const formEncode = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');
