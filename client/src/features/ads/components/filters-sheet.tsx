import { SlidersHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';

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
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" className="lg:hidden">
          <SlidersHorizontal aria-hidden="true" /> Filters
          {activeCount > 0 ? (
            <Badge className="px-1.5">
              {activeCount}
              <span className="sr-only"> active</span>
            </Badge>
          ) : null}
        </Button>
      </DialogTrigger>
      <DialogContent placement="bottom" aria-describedby={undefined}>
        <DialogTitle>Filters</DialogTitle>
        {children}
      </DialogContent>
    </Dialog>
  );
}
