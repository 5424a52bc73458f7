import { LayoutGrid, List } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from '../../../lib/cn';
import type { AdCardVariant } from './ad-card';

const STORAGE_KEY = 'bazaar.ads.view';

/** The mode chosen in this tab, when the browser refuses storage (private browsing may). */
let chosenHere: AdCardVariant | undefined;
const listeners = new Set<() => void>();

function storedMode(): AdCardVariant {
  if (chosenHere) return chosenHere;
  try {
    return localStorage.getItem(STORAGE_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Grid (default) or list, remembered on this device. A server-rendered page shows the grid
 * and switches to a remembered list once hydrated, so the first render matches the server's.
 */
export function useViewMode() {
  const mode = useSyncExternalStore(subscribe, storedMode, () => 'grid' as const);
  function choose(next: AdCardVariant) {
    try {
      localStorage.setItem(STORAGE_KEY, next);
      chosenHere = undefined;
    } catch {
      // Private browsing may refuse storage; the choice then lasts in this tab only.
      chosenHere = next;
    }
    for (const listener of listeners) listener();
  }
  return [mode, choose] as const;
}

export function ViewToggle({
  mode,
  onChange,
}: {
  mode: AdCardVariant;
  onChange: (mode: AdCardVariant) => void;
}) {
  return (
    <div className="inline-flex rounded-md border bg-card p-0.5" role="group" aria-label="Layout">
      {(
        [
          ['grid', 'Grid view', LayoutGrid],
          ['list', 'List view', List],
        ] as const
      ).map(([value, label, Icon]) => (
        <button
          key={value}
          type="button"
          aria-label={label}
          aria-pressed={mode === value}
          onClick={() => onChange(value)}
          className={cn(
            'flex size-8 items-center justify-center rounded-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden',
            mode === value && 'bg-primary text-primary-foreground hover:text-primary-foreground',
          )}
        >
          <Icon className="size-4" />
        </button>
      ))}
    </div>
  );
}
