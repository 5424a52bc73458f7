import {
  AD_SORTS,
  adSortLabels,
  DEFAULT_SEARCH_RADIUS_KM,
  isAdSort,
  SEARCH_CRITERIA,
  SEARCH_RADII_KM,
  type AdSearchCriteria,
  type AdSort,
  type SearchRadiusKm,
} from '@bazaar/common/search-criteria';
import { readSearchPrice } from '@bazaar/common/search-reading';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { useCategories } from '../../categories/api';
import { usePlace } from '../../places/api';
import { PlaceCombobox } from '../../places/components/place-combobox';

/** The filters as typed, before they are applied (prices stay text until then). */
export interface FilterDraft {
  category: string;
  minPrice: string;
  maxPrice: string;
  location: string;
  /** The place to search around (issue 14), chosen in the picker. */
  placeId: number | undefined;
  /** What the picker's field holds; null: the chosen place's name. */
  placeText: string | null;
  radius: SearchRadiusKm;
}

export const emptyDraft: FilterDraft = {
  category: '',
  minPrice: '',
  maxPrice: '',
  location: '',
  placeId: undefined,
  placeText: null,
  radius: DEFAULT_SEARCH_RADIUS_KM,
};

/** Said of a price range that no ad can match: while it is typed, and when it finds nothing. */
export const EMPTY_PRICE_RANGE = 'Max Price is below Min Price, so no ad can match.';

export function draftOf(criteria: AdSearchCriteria): FilterDraft {
  return {
    category: criteria.category ?? '',
    minPrice: criteria.minPrice === undefined ? '' : String(criteria.minPrice),
    maxPrice: criteria.maxPrice === undefined ? '' : String(criteria.maxPrice),
    location: criteria.location ?? '',
    placeId: criteria.place,
    placeText: null,
    radius: criteria.radius ?? DEFAULT_SEARCH_RADIUS_KM,
  };
}

export function criteriaOfDraft(draft: FilterDraft): Omit<AdSearchCriteria, 'sort' | 'q'> {
  return {
    category: draft.category || undefined,
    minPrice: readSearchPrice(draft.minPrice),
    maxPrice: readSearchPrice(draft.maxPrice),
    location: draft.location.trim() || undefined,
    place: draft.placeId,
    radius: draft.placeId === undefined ? undefined : draft.radius,
  };
}

/**
 * The criteria a form carries without showing them, as hidden fields: sent by the browser
 * itself (no script, or none yet: issue 15), the form keeps them as the app's submit does.
 */
export function HiddenCriteria({ criteria }: { criteria: Partial<AdSearchCriteria> }) {
  return (
    <>
      {SEARCH_CRITERIA.map((name) => {
        const value = criteria[name];
        return value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />;
      })}
    </>
  );
}

/** A label above its control. */
const fieldClass = '[&>label]:mb-1.5 [&>label]:block';

/** The sort orders; best match only for a search with words (without them it is the newest first). */
export function SortSelect({
  id,
  value,
  onChange,
  hasWords = false,
  canSortByDistance = false,
  className,
}: {
  id: string;
  value: AdSort;
  onChange: (sort: AdSort) => void;
  hasWords?: boolean;
  /** Nearest first is offered once a place is chosen. */
  canSortByDistance?: boolean;
  className?: string;
}) {
  return (
    <div className={cn(fieldClass, className)}>
      <Label htmlFor={id}>Sort By</Label>
      <Select
        id={id}
        name="sort"
        value={value}
        onChange={(event) => {
          // The options are AD_SORTS: anything else would be a change from outside the app.
          if (isAdSort(event.target.value)) onChange(event.target.value);
        }}
      >
        {AD_SORTS.filter((sort) => hasWords || sort !== 'relevance')
          .filter((sort) => sort !== 'distance' || canSortByDistance)
          .map((sort) => (
            <option key={sort} value={sort}>
              {adSortLabels[sort]}
            </option>
          ))}
      </Select>
    </div>
  );
}

export function CategorySelect({
  id,
  value,
  onChange,
  className,
}: {
  id: string;
  value: string;
  onChange: (category: string) => void;
  className?: string;
}) {
  const { data: categories } = useCategories();
  return (
    <div className={cn(fieldClass, className)}>
      <Label htmlFor={id}>Category</Label>
      <Select id={id} name="category" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">All Categories</option>
        {(categories ?? []).map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </Select>
    </div>
  );
}

export function PriceAndLocationFields({
  idPrefix,
  draft,
  onChange,
  locationClassName,
}: {
  idPrefix: string;
  draft: FilterDraft;
  onChange: (draft: FilterDraft) => void;
  locationClassName?: string;
}) {
  const minPrice = readSearchPrice(draft.minPrice);
  const maxPrice = readSearchPrice(draft.maxPrice);
  // Said while typing: applied, such a range finds nothing, and the empty list would not say why.
  const isRangeEmpty = minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice;
  const rangeHintId = `${idPrefix}-price-hint`;
  const rangeHint = isRangeEmpty ? rangeHintId : undefined;
  return (
    <>
      <div className={fieldClass}>
        <Label htmlFor={`${idPrefix}-min-price`}>Min Price</Label>
        <Input
          id={`${idPrefix}-min-price`}
          name="minPrice"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder="$0"
          aria-describedby={rangeHint}
          value={draft.minPrice}
          onChange={(event) => onChange({ ...draft, minPrice: event.target.value })}
        />
      </div>
      <div className={fieldClass}>
        <Label htmlFor={`${idPrefix}-max-price`}>Max Price</Label>
        <Input
          id={`${idPrefix}-max-price`}
          name="maxPrice"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder="Any"
          aria-describedby={rangeHint}
          value={draft.maxPrice}
          onChange={(event) => onChange({ ...draft, maxPrice: event.target.value })}
        />
        {isRangeEmpty ? (
          <p id={rangeHintId} className="mt-1 text-xs text-muted-foreground">
            {EMPTY_PRICE_RANGE}
          </p>
        ) : null}
      </div>
      <div className={cn(fieldClass, locationClassName)}>
        <Label htmlFor={`${idPrefix}-location`}>Location</Label>
        <Input
          id={`${idPrefix}-location`}
          name="location"
          placeholder="City or state"
          value={draft.location}
          onChange={(event) => onChange({ ...draft, location: event.target.value })}
        />
      </div>
    </>
  );
}

/**
 * Search around a place (issue 14): a place picker and the distance, which waits for a place.
 * Typing without choosing a suggestion filters nothing, so the form sends the chosen place's
 * id, not the picker's text, and the field says a place is to be chosen.
 */
export function NearPlaceFields({
  idPrefix,
  draft,
  onChange,
  placeClassName,
  radiusClassName,
}: {
  idPrefix: string;
  draft: FilterDraft;
  onChange: (draft: FilterDraft) => void;
  placeClassName?: string;
  radiusClassName?: string;
}) {
  const { data: place } = usePlace(draft.placeId);
  const text = draft.placeText ?? (draft.placeId === undefined ? '' : (place?.label ?? ''));
  // Said while it is so, not only once the filters are applied without the place.
  const isPlaceUnchosen = draft.placeId === undefined && text.trim() !== '';
  const hintId = `${idPrefix}-near-hint`;
  return (
    <>
      <div className={cn(fieldClass, placeClassName)}>
        <Label htmlFor={`${idPrefix}-near`}>Near</Label>
        <PlaceCombobox
          id={`${idPrefix}-near`}
          text={text}
          placeId={draft.placeId ?? null}
          placeholder="Choose a city"
          describedBy={isPlaceUnchosen ? hintId : undefined}
          onChange={(change) => onChange({ ...draft, placeText: change.text, placeId: change.place?.id })}
        />
        {isPlaceUnchosen ? (
          <p id={hintId} className="mt-1 text-xs text-muted-foreground">
            Choose one of the suggested places to search around it.
          </p>
        ) : null}
        <HiddenCriteria criteria={{ place: draft.placeId }} />
      </div>
      <div className={cn(fieldClass, radiusClassName)}>
        <Label htmlFor={`${idPrefix}-radius`}>Distance</Label>
        <Select
          id={`${idPrefix}-radius`}
          name="radius"
          value={String(draft.radius)}
          disabled={draft.placeId === undefined}
          onChange={(event) => {
            const radius = SEARCH_RADII_KM.find((option) => String(option) === event.target.value);
            if (radius) onChange({ ...draft, radius });
          }}
        >
          {SEARCH_RADII_KM.map((radius) => (
            <option key={radius} value={radius}>
              Within {radius} km
            </option>
          ))}
        </Select>
      </div>
    </>
  );
}
