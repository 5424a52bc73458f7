import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useLayoutEffect, useRef, useState, type ComponentProps, type RefObject } from 'react';
import { cn } from '../../lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;

const placements = {
  center: 'top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-xl border',
  /** A sheet rising from the bottom of the screen (phones). */
  bottom: 'inset-x-0 bottom-0 max-h-[85dvh] overflow-y-auto rounded-t-2xl border-t',
};

/** Whether a key was pressed in a field whose list of suggestions is open (a combobox's). */
function isInOpenList(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    target.getAttribute('role') === 'combobox' &&
    target.getAttribute('aria-expanded') === 'true'
  );
}

/** The element that has the focus, if any but the page's body. */
function focusedElement(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const focused = document.activeElement;
  return focused instanceof HTMLElement && focused !== document.body ? focused : null;
}

/**
 * Notes what had the focus as the dialog's content first renders: before Radix moves the focus
 * in, or a field inside takes it (autoFocus).
 */
function RememberFocus({ remember }: { remember: (focused: HTMLElement | null) => void }) {
  const [focused] = useState(focusedElement);
  useLayoutEffect(() => remember(focused), [remember, focused]);
  return null;
}

/**
 * The dialog's box. Closing it gives the focus back to `returnFocusTo` when given, else to what
 * had it as the dialog opened: Radix gives it back to a DialogTrigger only, and a dialog opened
 * otherwise (after a check, or loaded on demand) left it on the page's body. With a trigger
 * that the click did not focus (Safari), Radix's own return to the trigger stays.
 */
export function DialogContent({
  className,
  children,
  placement = 'center',
  returnFocusTo,
  canClose = true,
  onEscapeKeyDown,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  placement?: keyof typeof placements;
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** False while the dialog must stay open: its × is disabled. */
  canClose?: boolean;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <DialogPrimitive.Content
        className={cn('fixed z-50 grid gap-4 bg-card p-6 shadow-xl', placements[placement], className)}
        onEscapeKeyDown={(event) => {
          onEscapeKeyDown?.(event);
          // Escape in a field with its suggestions open closes them (the field's own handling),
          // not the dialog around it: the dialog hears the key first.
          if (isInOpenList(event.target)) event.preventDefault();
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const target = returnFocusTo?.current ?? opener.current;
          if (event.defaultPrevented || !target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
        {...props}
      >
        <RememberFocus
          remember={(focused) => {
            opener.current = focused;
          }}
        />
        {children}
        <DialogPrimitive.Close
          disabled={!canClose}
          className="absolute top-4 right-4 rounded-sm opacity-70 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden disabled:pointer-events-none disabled:opacity-30"
        >
          <XIcon className="size-4" />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-2 text-center sm:text-left', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}
