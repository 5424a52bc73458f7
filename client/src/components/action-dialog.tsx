import { onlineManager, type UseQueryResult } from '@tanstack/react-query';
import { useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Button, type ButtonProps } from './ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './ui/dialog';
import { Skeleton } from './ui/skeleton';

/** The dialog's main button. */
export interface DialogAction {
  label: ReactNode;
  /** Shown instead of `label` while `isPending`, e.g. 'Deleting...'. */
  pendingLabel?: ReactNode;
  /** The action is running: its button cannot be pressed again, nor the dialog closed. */
  isPending?: boolean;
  disabled?: boolean;
  variant?: ButtonProps['variant'];
  /** Without it the button submits the dialog's form (`onSubmit`). */
  onClick?: () => void;
}

/**
 * The one scaffold of the app's dialogs: title, description, the body, an error, then
 * Cancel, other buttons and the action (Cancel closes through `onOpenChange(false)`, so
 * closing by Escape, the × or Cancel is one path). With `onSubmit` the dialog is a form
 * whose action button submits it (Enter in a field works). With `trigger`, that button
 * opens the dialog and gets the focus back when it closes; without (a button that first
 * checks something, then opens it), whatever had the focus when it opened gets it back.
 * While a request it sent is under way (`action.isPending`, or `isPending` for a body that
 * acts itself) it stays open, so that what the answer says (a toast, an error) is heard;
 * offline, where the request waits for the network, it can still be closed.
 */
export function ActionDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  error,
  cancelLabel,
  otherActions,
  action,
  isPending = action?.isPending === true,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog. */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
  /** A message shown above the buttons, announced as an alert. */
  error?: string | null;
  /** The button that closes without doing anything, e.g. 'Keep Plan'; none without it. */
  cancelLabel?: string;
  /** Buttons between Cancel and the action. */
  otherActions?: ReactNode;
  /** The main button; a dialog whose body acts itself (e.g. a message composer) has none. */
  action?: DialogAction;
  /** A request the dialog sent is under way; by default, its action's. */
  isPending?: boolean;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const isOnline = useSyncExternalStore(
    onlineManager.subscribe,
    () => onlineManager.isOnline(),
    () => true,
  );
  const mustStayOpen = isPending && isOnline;
  const content = (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
      {error ? <ErrorText>{error}</ErrorText> : null}
      {cancelLabel || otherActions || action ? (
        <DialogFooter>
          {cancelLabel ? (
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={mustStayOpen}
            >
              {cancelLabel}
            </Button>
          ) : null}
          {otherActions}
          {action ? (
            <Button
              type={action.onClick ? 'button' : 'submit'}
              variant={action.variant}
              onClick={action.onClick}
              disabled={action.isPending || action.disabled}
            >
              {action.isPending && action.pendingLabel ? action.pendingLabel : action.label}
            </Button>
          ) : null}
        </DialogFooter>
      ) : null}
    </>
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (isOpen || !mustStayOpen) onOpenChange(isOpen);
      }}
    >
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent canClose={!mustStayOpen}>
        {onSubmit ? (
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit(event);
            }}
          >
            {content}
          </form>
        ) : (
          content
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A message that something went wrong, announced to screen readers. */
export function ErrorText({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="text-sm text-destructive">
      {children}
    </p>
  );
}

/**
 * The body of a dialog that shows what a query read: a placeholder while it loads, its
 * error, else `children(data)`.
 */
export function QueryContent<Data>({
  query,
  placeholderClassName,
  children,
}: {
  query: UseQueryResult<Data>;
  placeholderClassName: string;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) return <Skeleton className={placeholderClassName} />;
  if (query.isError) return <ErrorText>{query.error.message}</ErrorText>;
  return children(query.data);
}

/** A short table of what is bought: label on the left, amount on the right. */
export function SummaryList({ children }: { children: ReactNode }) {
  return <dl className="divide-y rounded-lg border text-sm">{children}</dl>;
}

/** One line of a `SummaryList`; `isTotal` for the line that counts (e.g. 'Due today'). */
export function SummaryRow({
  label,
  children,
  isTotal = false,
  valueClassName,
}: {
  label: ReactNode;
  children: ReactNode;
  isTotal?: boolean;
  valueClassName?: string;
}) {
  return (
    <div className={cn('flex justify-between gap-4 p-3', isTotal && 'text-base')}>
      <dt className={isTotal ? 'font-semibold' : 'text-muted-foreground'}>{label}</dt>
      <dd className={cn(isTotal ? 'font-bold' : 'font-medium', valueClassName)}>{children}</dd>
    </div>
  );
}
