import { Check, Lock } from 'lucide-react';
import { cn } from '../../../lib/cn';
import type { Achievement } from '../achievements';

/** One achievement: coloured with a tick when unlocked, greyed with a lock when not. */
export function AchievementCard({ achievement }: { achievement: Achievement }) {
  const { Icon, name, description, unlocked } = achievement;
  return (
    <li
      className={cn(
        'flex items-start gap-3 rounded-lg border p-3 sm:p-4',
        unlocked ? 'border-primary/30 bg-accent/60' : 'bg-muted/40',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full',
          unlocked ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
        )}
      >
        <Icon className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className={cn('font-semibold', !unlocked && 'text-muted-foreground')}>{name}</p>
        <p className="text-sm text-muted-foreground">{description}</p>
        <p
          className={cn(
            'mt-1.5 flex items-center gap-1 text-xs font-medium',
            unlocked ? 'text-success' : 'text-muted-foreground',
          )}
        >
          {unlocked ? (
            <Check className="size-3.5" aria-hidden="true" />
          ) : (
            <Lock className="size-3.5" aria-hidden="true" />
          )}
          {unlocked ? 'Unlocked' : 'Locked'}
        </p>
      </div>
    </li>
  );
}
