import type { ComponentProps } from 'react';
import { Label } from './ui/label';
import { Textarea } from './ui/textarea';

/**
 * A labelled text area that shows, and announces politely, how much of its limit is used
 * ("12/500"). The label names the field; other props go to the text area.
 */
export function CountedTextarea({
  id,
  label,
  value,
  maxLength,
  ...props
}: Omit<ComponentProps<typeof Textarea>, 'value' | 'maxLength'> & {
  id: string;
  label: string;
  value: string;
  maxLength: number;
}) {
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        <span className="text-xs text-muted-foreground" aria-live="polite">
          {value.length}/{maxLength}
        </span>
      </div>
      <Textarea id={id} rows={4} value={value} maxLength={maxLength} {...props} />
    </div>
  );
}
