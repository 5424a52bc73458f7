import { Search, SearchX, SlidersHorizontal, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { SEARCH_QUERY_MAX_LENGTH } from '@bazaar/common/constants';
import { canonicalSearchPath, searchPagePath, sortOfSearch } from '@bazaar/common/search-criteria';
import { paths } from '../../app/paths';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { usePageMeta } from '../../lib/page-meta';
import { AdResults, foundLine, useAdSearch } from './components/ad-results';
import {
  CategorySelect,
  criteriaOfDraft,
  draftOf,
  emptyDraft,
  EMPTY_PRICE_RANGE,
  HiddenCriteria,
  NearPlaceFields,
  PriceAndLocationFields,
  SortSelect,
  type FilterDraft,
} from './components/search-filters';
import { FiltersSheet } from './components/filters-sheet';
import { useViewMode, ViewToggle } from './components/view-toggle';
import { SaveSearchButton } from '../saved-searches/save-search-button';
import { countActiveFilters, useSearchCriteria } from './use-search-criteria';

/** /search (spec §2): words and filters from the URL, results searched on the server. */
export function SearchPage() {
  const [criteria, setCriteria] = useSearchCriteria();
  usePageMeta(
    criteria.q ? `Search: ${criteria.q}` : 'Search',
    'Search ads on Bazaar by keyword, category, price and location.',
    canonicalSearchPath(paths.search(), criteria),
  );
  const search = useAdSearch(criteria);
  // Issue 15: the server's correction of words that found nothing, a link to that search.
  const didYouMean = search.data?.pages[0]?.did_you_mean;
  const [mode, setMode] = useViewMode();

  // The fields as typed; they follow the URL whenever it changes (back, forward, links).
  const [query, setQuery] = useState(criteria.q ?? '');
  const [draft, setDraft] = useState<FilterDraft>(() => draftOf(criteria));
  const [shownCriteria, setShownCriteria] = useState(criteria);
  if (shownCriteria !== criteria) {
    setShownCriteria(criteria);
    setQuery(criteria.q ?? '');
    setDraft(draftOf(criteria));
  }

  const activeFilters = countActiveFilters(criteria, { includeCategory: true });

  const [isSheetOpen, setSheetOpen] = useState(false);

  function apply(event?: FormEvent) {
    event?.preventDefault();
    setCriteria({ ...criteriaOfDraft(draft), q: query.trim() || undefined, sort: criteria.sort });
    setSheetOpen(false);
  }

  function clearAll() {
    setQuery('');
    setDraft(emptyDraft);
    setCriteria({});
    setSheetOpen(false);
  }

  /**
   * The filters: in a card beside the results on wide screens, in a sheet on narrow ones. Like
   * the search form, a GET form of this page that the browser can send itself (issue 15).
   */
  const filtersForm = (idPrefix: string) => (
    <form
      action={paths.search()}
      onSubmit={apply}
      className="grid grid-cols-2 gap-4 lg:grid-cols-1"
      aria-label="Filters"
    >
      <HiddenCriteria criteria={{ q: criteria.q }} />
      <CategorySelect
        className="col-span-2 sm:col-span-1 lg:col-span-1"
        id={`${idPrefix}-category`}
        value={draft.category}
        onChange={(category) => setDraft({ ...draft, category })}
      />
      <SortSelect
        className="col-span-2 sm:col-span-1 lg:col-span-1"
        id={`${idPrefix}-sort`}
        value={sortOfSearch(criteria)}
        hasWords={criteria.q !== undefined}
        canSortByDistance={criteria.place !== undefined}
        onChange={(sort) => setCriteria({ ...criteria, sort })}
      />
      <PriceAndLocationFields
        idPrefix={idPrefix}
        draft={draft}
        onChange={setDraft}
        locationClassName="col-span-2 lg:col-span-1"
      />
      <NearPlaceFields
        idPrefix={idPrefix}
        draft={draft}
        onChange={setDraft}
        placeClassName="col-span-2 sm:col-span-1 lg:col-span-1"
        radiusClassName="col-span-2 sm:col-span-1 lg:col-span-1"
      />
      <div className="col-span-2 grid grid-cols-2 gap-2 pt-1 lg:col-span-1">
        <Button type="submit">Apply Filters</Button>
        <Button type="button" variant="outline" onClick={clearAll}>
          Clear All
        </Button>
      </div>
    </form>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Search Ads</h1>
      {/* Sent by the browser itself (issue 15), it keeps the filters, as Search does. */}
      <form role="search" action={paths.search()} onSubmit={apply} className="mt-4 flex gap-2">
        <HiddenCriteria criteria={{ ...criteria, q: undefined }} />
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            name="q"
            aria-label="Search keywords"
            placeholder="What are you looking for?"
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="h-11 pl-9"
          />
        </div>
        <Button type="submit" size="lg" className="h-11">
          Search
        </Button>
      </form>

      <div className="mt-4 grid gap-6 sm:mt-6 lg:grid-cols-[280px_1fr]">
        <Card className="hidden h-fit p-5 lg:block">
          <h2 className="mb-4 flex items-center gap-2 font-semibold">
            <SlidersHorizontal className="size-4" aria-hidden="true" /> Filters
          </h2>
          {filtersForm('search')}
        </Card>

        <section aria-label="Results" className="min-w-0 space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <FiltersSheet activeCount={activeFilters} open={isSheetOpen} onOpenChange={setSheetOpen}>
                {filtersForm('search-sheet')}
              </FiltersSheet>
              <p className="font-medium" aria-live="polite">
                {foundLine(search)}
              </p>
              {activeFilters > 0 ? (
                <Badge variant="secondary" className="gap-1 py-1 pr-1">
                  {activeFilters} {activeFilters === 1 ? 'filter' : 'filters'} active
                  <button
                    type="button"
                    aria-label="Clear filters"
                    onClick={() => setCriteria({ q: criteria.q, sort: criteria.sort })}
                    className="rounded-full p-0.5 hover:bg-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
                  >
                    <X className="size-3" />
                  </button>
                </Badge>
              ) : null}
            </div>
            <div className="flex items-center gap-2">
              <SaveSearchButton criteria={criteria} />
              <ViewToggle mode={mode} onChange={setMode} />
            </div>
          </div>
          <AdResults
            search={search}
            mode={mode}
            loadMoreLabel="Load More Results"
            empty={
              <div className="flex flex-col items-center gap-3 rounded-xl border bg-card px-6 py-14 text-center">
                <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
                <h2 className="text-xl font-semibold">No ads found</h2>
                {didYouMean ? (
                  <p className="text-lg">
                    Did you mean{' '}
                    <Link
                      to={searchPagePath(paths.search(), { ...criteria, q: didYouMean })}
                      className="font-semibold text-primary underline underline-offset-4"
                    >
                      {didYouMean}
                    </Link>
                    ?
                  </p>
                ) : null}
                {criteria.minPrice !== undefined &&
                criteria.maxPrice !== undefined &&
                criteria.minPrice > criteria.maxPrice ? (
                  <p className="max-w-md font-medium">{EMPTY_PRICE_RANGE}</p>
                ) : null}
                <p className="max-w-md text-muted-foreground">
                  {criteria.q
                    ? `No results found for "${criteria.q}". Try different keywords or adjust your filters.`
                    : 'Start by entering a search term above.'}
                </p>
                <div className="mt-2 flex flex-wrap justify-center gap-2">
                  <Button variant="outline" onClick={clearAll}>
                    Clear Filters
                  </Button>
                  <Button asChild>
                    <Link to={paths.postAd}>Post Your Ad</Link>
                  </Button>
                </div>
              </div>
            }
          />
        </section>
      </div>
    </div>
  );
}
