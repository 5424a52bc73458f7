/**
 * The names of the search criteria (spec §5), in the order a query string lists them. The
 * zod shape in ads.ts is keyed by exactly these (a `satisfies` check), and its type gives
 * AdSearchCriteria. This module stays free of zod, so pages that only link to a search (the
 * home page loads the ads API module) do not carry the validator.
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
