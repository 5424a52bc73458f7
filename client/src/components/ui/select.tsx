import { ChevronDownIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * A choice among a few options: the browser's own `<select>` (its `<option>`s are the
 * children), drawn like the other fields. It needs no script, so it works before hydration
 * and costs hydration nothing, a phone opens its own picker, and it is a combobox to
 * assistive technology. (A scripted list rendered every option of every select of a search
 * page again right after hydration: 300 ms on a slow phone.)
 */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select
        className="flex h-10 w-full appearance-none truncate rounded-md border border-input bg-card py-2 pr-9 pl-3 text-sm shadow-xs outline-none focus-visible:outline-hidden focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive"
        {...props}
      />
      <ChevronDownIcon
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 opacity-60"
      />
    </div>
  );
}
