import type { Place } from '@bazaar/common/places';
import { MapPin } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { usePlaceSuggestions } from '../api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** How long typing pauses before the suggestions are asked for. */
const TYPING_PAUSE_MS = 200;

/**
 * A text field that suggests places of the gazetteer as one types (issue 14), following the
 * ARIA combobox pattern: arrow keys move through the list, Enter chooses, Escape closes.
 * Typing after a choice forgets the place (the text stays: a location may be free text).
 */
export function PlaceCombobox({
  id,
  text,
  placeId,
  onChange,
  placeholder,
  maxLength,
  invalid,
  onBlur,
  name,
  describedBy,
}: {
  id: string;
  describedBy?: string;
  text: string;
  placeId: number | null;
  onChange: (change: { text: string; place: Place | null }) => void;
  placeholder?: string;
  maxLength?: number;
  invalid?: boolean;
  onBlur?: () => void;
  name?: string;
}) {
  const listId = useId();
  const [isOpen, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const query = useDebouncedValue(isOpen && placeId === null ? text : '', TYPING_PAUSE_MS);
  const suggestions = usePlaceSuggestions(query);
  const places = suggestions.data?.places ?? [];
  const isLoading = suggestions.data?.is_loading ?? false;
  const isListShown = isOpen && placeId === null && text.trim() !== '' && query !== '';
  const hasOptions = isListShown && places.length > 0;
  const activeId = hasOptions && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined;

  function choose(place: Place) {
    onChange({ text: place.label, place });
    setOpen(false);
    setActiveIndex(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) return setOpen(true);
      if (places.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (index + step + places.length) % places.length);
    } else if (event.key === 'Enter' && hasOptions && activeIndex >= 0) {
      event.preventDefault();
      const place = places[activeIndex];
      if (place) choose(place);
    } else if (event.key === 'Escape' && isListShown) {
      event.preventDefault();
      setOpen(false);
    }
  }

  let status = '';
  if (isListShown && !suggestions.isFetching && places.length === 0) {
    status = isLoading ? 'Places are still loading. Try again in a moment.' : 'No matching places.';
  } else if (hasOptions) {
    status = `${places.length} ${places.length === 1 ? 'place' : 'places'} found.`;
  }

  return (
    <div className="relative">
      <MapPin
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        id={id}
        name={name}
        role="combobox"
        aria-expanded={hasOptions}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        autoComplete="off"
        maxLength={maxLength}
        placeholder={placeholder}
        className="pl-9"
        value={text}
        onChange={(event) => {
          onChange({ text: event.target.value, place: null });
          setOpen(true);
          setActiveIndex(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          onBlur?.();
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Places"
        className={cn(
          'absolute top-full right-0 left-0 z-50 mt-1 max-h-72 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md',
          !hasOptions && 'hidden',
        )}
      >
        {hasOptions
          ? places.map((place, index) => (
              <li
                key={place.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                className={cn(
                  'cursor-pointer rounded-sm px-2 py-1.5 text-sm',
                  index === activeIndex && 'bg-accent text-accent-foreground',
                )}
                // Chosen before the field's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(place);
                }}
                onMouseEnter={() => setActiveIndex(index)}
              >
                {place.label}
              </li>
            ))
          : null}
      </ul>
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
      {isListShown && status && !hasOptions ? (
        <p
          aria-hidden="true"
          className="absolute top-full right-0 left-0 z-50 mt-1 rounded-md border bg-popover px-3 py-2 text-sm text-muted-foreground shadow-md"
        >
          {status}
        </p>
      ) : null}
    </div>
  );
}
