import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { cn } from '../lib/cn';
import { paths } from './paths';

/**
 * The search box of the header and the home hero: submits the trimmed query to
 * /search?q=…; an empty query does nothing (spec §2).
 */
export function SearchBox({
  className,
  size = 'default',
  placeholder = 'Search ads…',
  showButton = false,
}: {
  className?: string;
  size?: 'default' | 'lg';
  placeholder?: string;
  showButton?: boolean;
}) {
  const [query, setQuery] = useState('');
  const navigate = useNavigate();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = query.trim();
    if (!trimmed) return;
    void navigate(paths.search(trimmed));
  }

  return (
    <form role="search" onSubmit={submit} className={cn('flex w-full items-center gap-2', className)}>
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          aria-label="Search ads"
          placeholder={placeholder}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className={cn('pl-9', size === 'lg' && 'h-12 text-base')}
        />
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
