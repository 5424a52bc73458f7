/**
 * Reading search criteria from a page's address, as the API reads them but without zod
 * (search-criteria.ts says why): the search and category pages, in the browser and in the
 * server's render, and the price filters.
 */
import {
  AD_LOCATION_MAX_LENGTH,
  AD_PRICE_MAX,
  CATEGORY_ID_MAX_LENGTH,
  CATEGORY_ID_PATTERN,
  PLACE_ID_MAX,
  SEARCH_QUERY_MAX_LENGTH,
} from './constants';
import {
  isAdSort,
  SEARCH_CRITERIA,
  SEARCH_RADII_KM,
  type AdSearchCriteria,
  type SearchCriterion,
} from './search-criteria';

const words = (max: number) => (text: string) => {
  const trimmed = text.trim();
  return trimmed.length <= max ? trimmed : undefined;
};
const price = (text: string) => {
  const value = Number(text);
  return value >= 0 && value <= AD_PRICE_MAX ? value : undefined;
};

/**
 * How each criterion's text is read, by the API's rules (ads.ts's zod shape applies the same,
 * and `search-criteria.test.ts` holds the two to the same answers): its value, or undefined
 * when it breaks them. Blank text is no criterion, before any of these.
 */
const criterionReaders: { [Name in SearchCriterion]: (text: string) => AdSearchCriteria[Name] } = {
  q: words(SEARCH_QUERY_MAX_LENGTH),
  category: (text) =>
    text.length <= CATEGORY_ID_MAX_LENGTH && CATEGORY_ID_PATTERN.test(text) ? text : undefined,
  minPrice: price,
  maxPrice: price,
  location: words(AD_LOCATION_MAX_LENGTH),
  place: (text) => {
    const id = Number(text);
    return Number.isInteger(id) && id > 0 && id <= PLACE_ID_MAX ? id : undefined;
  },
  radius: (text) => SEARCH_RADII_KM.find((radius) => radius === Number(text)),
  sort: (text) => (isAdSort(text) ? text : undefined),
};

/**
 * One criterion read from its text as the API reads it; undefined when blank or not valid (a
 * NUL character, which the API refuses, included).
 */
export function readSearchCriterion<Name extends SearchCriterion>(
  name: Name,
  text: string | null | undefined,
): AdSearchCriteria[Name] {
  if (text === null || text === undefined || text.trim() === '' || text.includes('\u0000')) return undefined;
  return criterionReaders[name](text);
}

/**
 * Reads search criteria from a page's URL parameters. Lenient, unlike the API: a value that
 * does not parse is dropped rather than failing the page, and unknown parameters are ignored.
 */
export function readSearchCriteria(parameters: { get(name: string): string | null }): AdSearchCriteria {
  const criteria: Record<string, unknown> = {};
  for (const name of SEARCH_CRITERIA) {
    const value = readSearchCriterion(name, parameters.get(name));
    if (value !== undefined) criteria[name] = value;
  }
  // Without a place, its radius and the distance order mean nothing: dropped, not an error page.
  if (criteria.place === undefined) {
    delete criteria.radius;
    if (criteria.sort === 'distance') delete criteria.sort;
  }
  return criteria as AdSearchCriteria;
}

/** A price typed into a filter, read by the API's rule (spec §5): a number from 0 to the maximum, or nothing. */
export function readSearchPrice(text: string): number | undefined {
  return readSearchCriterion('minPrice', text);
}
