import { searchQueryString, type AdSearchCriteria } from '@bazaar/common/search-criteria';
import { readSearchCriteria } from '@bazaar/common/search-reading';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The search criteria held in the page's URL, so results can be shared and survive a reload
 * (spec §4: Apply writes the non-empty criteria to the URL). `fixed` criteria come from the
 * route (the category page's category) and are not written to the query string.
 */
export function useSearchCriteria(fixed: Partial<AdSearchCriteria> = {}) {
  const [parameters, setParameters] = useSearchParams();
  const fixedCategory = fixed.category;
  const criteria = useMemo<AdSearchCriteria>(() => {
    const read = readSearchCriteria(parameters);
    return fixedCategory ? { ...read, category: fixedCategory } : read;
  }, [parameters, fixedCategory]);

  const setCriteria = useCallback(
    (next: Partial<AdSearchCriteria>, options: { replace?: boolean } = {}) => {
      // A radius and nearest-first mean nothing once the place is gone.
      const { category, ...rest } =
        next.place === undefined
          ? { ...next, radius: undefined, sort: next.sort === 'distance' ? undefined : next.sort }
          : next;
      setParameters(searchQueryString(fixedCategory ? rest : { ...rest, category }), options);
    },
    [setParameters, fixedCategory],
  );

  return [criteria, setCriteria] as const;
}

/** How many filters (besides the words and the sort) are in use. */
export function countActiveFilters(
  criteria: AdSearchCriteria,
  options: { includeCategory: boolean },
): number {
  return [
    options.includeCategory ? criteria.category : undefined,
    criteria.minPrice,
    criteria.maxPrice,
    criteria.location,
    criteria.place,
  ].filter((value) => value !== undefined).length;
}
