import type { ProfileSettings } from '@bazaar/common/settings';
import { useId } from 'react';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { useChangeSetting, type SettingName } from '../api';

/** A notification or privacy checkbox that saves itself when changed. */
export function SettingCheckbox({
  name,
  label,
  description,
  settings,
}: {
  name: SettingName;
  label: string;
  description?: string;
  /** The settings as loaded; undefined while they load (the box is then disabled). */
  settings: ProfileSettings | undefined;
}) {
  const id = useId();
  const changeSetting = useChangeSetting();
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id={id}
        checked={settings?.[name] ?? false}
        disabled={!settings}
        aria-describedby={description ? `${id}-description` : undefined}
        onCheckedChange={(checked) => changeSetting.mutate({ name, value: checked === true })}
        className="mt-0.5"
      />
      <div className="grid gap-1">
        <Label htmlFor={id} className="leading-snug">
          {label}
        </Label>
        {description ? (
          <p id={`${id}-description`} className="text-sm text-muted-foreground">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
