import { SEARCH_QUERY_MAX_LENGTH } from '@bazaar/common/constants';
import { asksForSuggestions, type SearchSuggestion } from '@bazaar/common/search';
import { LayoutGrid, Search } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { useSearchSuggestions } from '../features/ads/api';
import { cn } from '../lib/cn';
import { paths } from './paths';
import { useDebouncedValue } from '../lib/use-debounced-value';

/** Suggestions are asked for once typing pauses this long. */
const SUGGESTIONS_DELAY_MS = 150;

/**
 * The search box of the header and the home hero: submits the trimmed query to
 * /search?q=…; an empty query does nothing (spec §2). While typing it suggests title words and
 * categories (issue 15) in a combobox's listbox: ↑/↓ move through them, Enter picks one,
 * Escape closes the list. A GET form to /search with the words as `q`, so the browser sends
 * it itself where no script runs (or none has yet: issue 15).
 */
export function SearchBox({
  className,
  size = 'default',
  placeholder = 'Search ads…',
  showButton = false,
  label,
  fieldLabel = 'Search ads',
}: {
  className?: string;
  /** The search landmark's name, where a page has more than one (the home page's hero). */
  label?: string;
  /** The field's name, told apart from the header's where a page has two (the hero's). */
  fieldLabel?: string;
  size?: 'default' | 'lg';
  placeholder?: string;
  showButton?: boolean;
}) {
  const [query, setQuery] = useState('');
  const [isOpen, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const navigate = useNavigate();
  const listId = useId();
  const typed = useDebouncedValue(query.trim(), SUGGESTIONS_DELAY_MS);
  const suggestions = useSearchSuggestions(typed);
  const available = asksForSuggestions(query) ? (suggestions.data ?? []) : [];
  const options = isOpen ? available : [];
  const isExpanded = options.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  function close() {
    setOpen(false);
    setActiveIndex(-1);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = query.trim();
    if (!trimmed) return;
    close();
    void navigate(paths.search(trimmed));
  }

  function choose(suggestion: SearchSuggestion) {
    close();
    if (suggestion.kind === 'category') {
      setQuery('');
      void navigate(paths.category(suggestion.category));
    } else {
      setQuery(suggestion.text);
      void navigate(paths.search(suggestion.text));
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const count = available.length;
      if (count === 0) return;
      // A closed list opens on the first (↓) or last (↑) suggestion.
      const from = isOpen ? activeIndex : -1;
      setOpen(true);
      setActiveIndex(from === -1 && step === -1 ? count - 1 : (from + step + count) % count);
    } else if (event.key === 'Enter' && isExpanded && activeIndex >= 0) {
      const suggestion = options[activeIndex];
      if (!suggestion) return;
      event.preventDefault();
      choose(suggestion);
    } else if (event.key === 'Escape' && isExpanded) {
      // The list closes first; a second Escape clears the box, as a search field does.
      event.preventDefault();
      close();
    }
  }

  return (
    <form
      role="search"
      aria-label={label}
      action={paths.search()}
      onSubmit={submit}
      className={cn('flex w-full items-center gap-2', className)}
    >
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          name="q"
          role="combobox"
          aria-label={fieldLabel}
          aria-autocomplete="list"
          aria-expanded={isExpanded}
          aria-controls={listId}
          aria-activedescendant={isExpanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          placeholder={placeholder}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
          className={cn('pl-9', size === 'lg' && 'h-12 text-base')}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          hidden={!isExpanded}
          className="absolute top-full right-0 left-0 z-50 mt-1 overflow-hidden rounded-md border bg-popover py-1 text-popover-foreground shadow-md"
        >
          {options.map((suggestion, index) => (
            <li
              key={`${suggestion.kind}-${suggestion.text}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              // Pressed, the input would blur and close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion)}
              onMouseMove={() => setActiveIndex(index)}
              className={cn(
                'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm',
                index === activeIndex && 'bg-accent text-accent-foreground',
              )}
            >
              {suggestion.kind === 'category' ? (
                <LayoutGrid className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              ) : (
                <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              )}
              <span className="truncate">{suggestion.text}</span>
              {suggestion.kind === 'category' ? (
                <span className="ml-auto text-xs text-muted-foreground">Category</span>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      {showButton ? (
        <Button
          type="submit"
          size={size === 'lg' ? 'lg' : 'default'}
          className={size === 'lg' ? 'h-12' : undefined}
        >
          Search
        </Button>
      ) : null}
    </form>
  );
}
