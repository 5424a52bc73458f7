import { LayoutGrid, List } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn';
import type { AdCardVariant } from './ad-card';

const STORAGE_KEY = 'bazaar.ads.view';

/** Grid (default) or list, remembered on this device. */
export function useViewMode() {
  const [mode, setMode] = useState<AdCardVariant>(() => {
    try {
      return localStorage.getItem(STORAGE_KEY) === 'list' ? 'list' : 'grid';
    } catch {
      return 'grid';
    }
  });
  function choose(next: AdCardVariant) {
    setMode(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Private browsing may refuse storage; the choice then lasts for this page only.
    }
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
            'flex size-8 items-center justify-center rounded-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            mode === value && 'bg-primary text-primary-foreground hover:text-primary-foreground',
          )}
        >
          <Icon className="size-4" />
        </button>
      ))}
    </div>
  );
}
