import { ImageIcon } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** What an ad without photos shows in their place (spec §9: a fixed placeholder). */
export function AdImagePlaceholder({ className }: { className?: string }) {
  return (
    <div
      role="img"
      aria-label="No photo"
      className={cn('flex items-center justify-center bg-muted text-muted-foreground/60', className)}
    >
      <ImageIcon className="size-1/4 max-h-16 max-w-16" strokeWidth={1.5} />
    </div>
  );
}
