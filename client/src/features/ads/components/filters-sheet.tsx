import { SlidersHorizontal } from 'lucide-react';
import { Suspense, useRef, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { lazyComponent } from '../../../lib/lazy-component';

// Opened on phones only, after a tap: the dialog's code (9 kB gzip) is not in the first load.
const FiltersSheetDialog = lazyComponent(
  async () => (await import('./filters-sheet-dialog')).FiltersSheetDialog,
);

/**
 * Below the `lg` width the filters do not push the results off the first screen: a Filters
 * button, saying how many are active, opens them in a sheet.
 */
export function FiltersSheet({
  activeCount,
  open,
  onOpenChange,
  children,
}: {
  activeCount: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={opener}
        variant="outline"
        className="lg:hidden"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => onOpenChange(true)}
      >
        <SlidersHorizontal aria-hidden="true" /> Filters
        {activeCount > 0 ? (
          <Badge className="px-1.5">
            {activeCount}
            <span className="sr-only"> active</span>
          </Badge>
        ) : null}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <FiltersSheetDialog onOpenChange={onOpenChange} opener={opener}>
            {children}
          </FiltersSheetDialog>
        </Suspense>
      ) : null}
    </>
  );
}
