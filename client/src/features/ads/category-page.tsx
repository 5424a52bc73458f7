import { canonicalSearchPath, sortOfSearch, type AdSearchCriteria } from '@bazaar/common/search-criteria';
import { ChevronRight, PackageOpen } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { usePageMeta } from '../../lib/page-meta';
import { usePostAdAction } from '../auth/use-require-sign-in';
import { useCategories } from '../categories/api';
import { CategoryIcon } from '../categories/category-icon';
import { AdResults, foundLine, useAdSearch } from './components/ad-results';
import {
  criteriaOfDraft,
  draftOf,
  emptyDraft,
  NearPlaceFields,
  PriceAndLocationFields,
  SortSelect,
  type FilterDraft,
} from './components/search-filters';
import { FiltersSheet } from './components/filters-sheet';
import { useViewMode, ViewToggle } from './components/view-toggle';
import { SaveSearchButton } from '../saved-searches/save-search-button';
import { countActiveFilters, useSearchCriteria } from './use-search-criteria';

/** Typed filters are applied once typing pauses, so each keystroke is not a search. */
const TYPING_PAUSE_MS = 400;

function filtersKey(
  criteria: Pick<AdSearchCriteria, 'minPrice' | 'maxPrice' | 'location' | 'place' | 'radius'>,
): string {
  return JSON.stringify([
    criteria.minPrice,
    criteria.maxPrice,
    criteria.location,
    criteria.place,
    criteria.radius,
  ]);
}

/** /category/:category (spec §2): the category's ads with live filters held in the URL. */
export function CategoryPage() {
  const { category: categoryId = '' } = useParams();
  const categories = useCategories();
  const category = categories.data?.find((candidate) => candidate.id === categoryId);
  const [criteria, setCriteria] = useSearchCriteria({ category: categoryId });
  usePageMeta(
    category?.name ?? (categories.isSuccess ? 'Category Not Found' : 'Category'),
    category
      ? `${category.name} ads on Bazaar: browse, filter by price and location, and find a deal.`
      : undefined,
    category &&
      canonicalSearchPath(paths.category(category.id), { ...criteria, q: undefined, category: undefined }),
  );

  if (categories.isPending) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <Skeleton className="h-10 w-64" />
      </div>
    );
  }
  if (categories.isError) {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Error fetching categories</h1>
        <p className="text-muted-foreground">{categories.error.message}</p>
        <Button variant="outline" onClick={() => void categories.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!category) {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Category Not Found</h1>
        <p className="text-muted-foreground">There is no category called “{categoryId}”.</p>
        <Button asChild>
          <Link to={paths.home}>Go Home</Link>
        </Button>
      </div>
    );
  }
  return <CategoryAds key={category.id} category={category} criteria={criteria} setCriteria={setCriteria} />;
}

function CategoryAds({
  category,
  criteria,
  setCriteria,
}: {
  category: { id: string; name: string; icon: string };
  criteria: AdSearchCriteria;
  setCriteria: ReturnType<typeof useSearchCriteria>[1];
}) {
  const search = useAdSearch({ ...criteria, q: undefined });
  const [mode, setMode] = useViewMode();
  const postAd = usePostAdAction();
  const [draft, setDraft] = useState<FilterDraft>(() => draftOf(criteria));

  // What is typed is applied after a pause (compared as criteria, so "Reno " is "Reno").
  const appliedFilters = filtersKey(criteria);
  const typedFilters = filtersKey(criteriaOfDraft(draft));
  const sort = criteria.sort;
  useEffect(() => {
    if (typedFilters === appliedFilters) return;
    const timer = setTimeout(
      () => setCriteria({ ...criteriaOfDraft(draft), sort }, { replace: true }),
      TYPING_PAUSE_MS,
    );
    return () => clearTimeout(timer);
  }, [typedFilters, appliedFilters, draft, sort, setCriteria]);
  // When the URL changes by other means (Clear Filters, back), the fields follow it.
  const [seenFilters, setSeenFilters] = useState(appliedFilters);
  if (seenFilters !== appliedFilters) {
    setSeenFilters(appliedFilters);
    if (typedFilters !== appliedFilters) setDraft(draftOf(criteria));
  }

  const activeFilters = countActiveFilters(criteria, { includeCategory: false });
  const hasFilters = activeFilters > 0 || sortOfSearch(criteria) !== 'newest';
  const [isSheetOpen, setSheetOpen] = useState(false);

  /** The filters: a bar above the results on wide screens, a sheet on narrow ones. */
  const filtersForm = (idPrefix: string) => (
    <form
      aria-label="Filters"
      onSubmit={(event) => event.preventDefault()}
      className="grid grid-cols-2 items-end gap-3 sm:gap-4 lg:grid-cols-[1.2fr_0.8fr_0.8fr_1.2fr_1.4fr_1fr_auto]"
    >
      <SortSelect
        className="col-span-2 lg:col-span-1"
        id={`${idPrefix}-sort`}
        value={sortOfSearch(criteria)}
        canSortByDistance={criteria.place !== undefined}
        onChange={(sort) => setCriteria({ ...criteriaOfDraft(draft), sort })}
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
      <Button
        type="button"
        variant="outline"
        className="col-span-2 lg:col-span-1"
        disabled={!hasFilters}
        onClick={() => {
          setDraft(emptyDraft);
          setCriteria({});
        }}
      >
        Clear Filters
      </Button>
      <Button type="button" className="col-span-2 lg:hidden" onClick={() => setSheetOpen(false)}>
        Show Results
      </Button>
    </form>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
        <ol className="flex items-center gap-1">
          <li>
            <Link to={paths.home} className="hover:text-foreground">
              Home
            </Link>
          </li>
          <ChevronRight className="size-4" aria-hidden="true" />
          <li aria-current="page" className="font-medium text-foreground">
            {category.name}
          </li>
        </ol>
      </nav>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 sm:gap-4">
        <div className="flex items-center gap-3">
          <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <CategoryIcon icon={category.icon} className="size-6" />
          </span>
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{category.name}</h1>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {foundLine(search)}
            </p>
          </div>
        </div>
        <div className="flex items-center gap-2">
          <FiltersSheet activeCount={activeFilters} open={isSheetOpen} onOpenChange={setSheetOpen}>
            {filtersForm('category-sheet')}
          </FiltersSheet>
          <SaveSearchButton criteria={{ ...criteria, q: undefined }} categoryName={category.name} />
          <ViewToggle mode={mode} onChange={setMode} />
        </div>
      </div>

      <Card className="mt-6 hidden p-4 lg:block">{filtersForm('category')}</Card>

      <div className="mt-4 sm:mt-6">
        <AdResults
          search={search}
          mode={mode}
          loadMoreLabel="Load More"
          empty={
            <div className="flex flex-col items-center gap-3 rounded-xl border bg-card px-6 py-14 text-center">
              <PackageOpen className="size-10 text-muted-foreground" aria-hidden="true" />
              <h2 className="text-xl font-semibold">No ads found</h2>
              <p className="max-w-md text-muted-foreground">
                {hasFilters
                  ? 'No ads in this category match your filters.'
                  : `Nobody has posted in ${category.name} yet. Be the first!`}
              </p>
              <Button onClick={postAd}>Post First Ad</Button>
            </div>
          }
        />
      </div>
    </div>
  );
}
