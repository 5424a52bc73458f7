import type { ReactNode, RefObject } from 'react';
import { Dialog, DialogContent, DialogTitle } from '../../../components/ui/dialog';

/** The sheet of FiltersSheet, loaded when it first opens. */
export function FiltersSheetDialog({
  onOpenChange,
  opener,
  children,
}: {
  onOpenChange: (open: boolean) => void;
  /** The Filters button, which gets the focus back when the sheet closes. */
  opener: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent placement="bottom" aria-describedby={undefined} returnFocusTo={opener}>
        <DialogTitle>Filters</DialogTitle>
        {children}
      </DialogContent>
    </Dialog>
  );
}
