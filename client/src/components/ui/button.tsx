import { cva, type VariantProps } from 'class-variance-authority';
import { cloneElement, isValidElement, type ComponentProps, type Ref } from 'react';
import { cn } from '../../lib/cn';

/**
 * In forced-colors (high-contrast) mode backgrounds are not drawn: a button other than an
 * outline or a link gets the border that shows it is one (`forced-colors:border`).
 */
export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*="size-"])]:size-4',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90 forced-colors:border',
        destructive:
          'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive-hover forced-colors:border',
        outline: 'border border-input bg-card shadow-sm hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80 forced-colors:border',
        ghost: 'hover:bg-accent hover:text-accent-foreground forced-colors:border',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-9 px-3',
        lg: 'h-11 px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export interface ButtonProps extends ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  /** Render the child element (e.g. a Link) with the button's look. */
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Component = asChild ? ButtonChild : 'button';
  return (
    <Component
      className={cn(buttonVariants({ variant, size }), className)}
      type={asChild ? undefined : (type ?? 'button')}
      {...props}
    />
  );
}

type ElementProps = Record<string, unknown> & { className?: string; style?: object; ref?: Ref<unknown> };

/**
 * `asChild`: the button's props given to its one child element, as Radix's Slot gives them
 * (which came with every page for this alone): the child's own props win, its class names
 * follow the button's, both handlers of an event run (the child's first), both refs are set.
 */
function ButtonChild({ children, ...buttonProps }: ComponentProps<'button'>) {
  if (!isValidElement<ElementProps>(children)) return null;
  const button = buttonProps as ElementProps;
  const child = children.props;
  const merged: ElementProps = { ...button, ...child };
  for (const [name, handler] of Object.entries(button)) {
    const childHandler = child[name];
    if (/^on[A-Z]/.test(name) && typeof handler === 'function' && typeof childHandler === 'function') {
      merged[name] = (...args: unknown[]) => {
        const result: unknown = childHandler(...args);
        handler(...args);
        return result;
      };
    }
  }
  merged.className = [button.className, child.className].filter(Boolean).join(' ');
  if (button.style && child.style) merged.style = { ...button.style, ...child.style };
  if (button.ref && child.ref) merged.ref = bothRefs(button.ref, child.ref);
  return cloneElement(children, merged);
}

function bothRefs<T>(...refs: Ref<T>[]): (node: T | null) => void {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}
