import { SAVED_SEARCH_NAME_MAX_LENGTH } from '@bazaar/common/constants';
import { useId } from 'react';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';

/** The name a saved search goes by, as saving and renaming ask for it. */
export function SavedSearchNameField({
  value,
  onChange,
}: {
  value: string;
  onChange: (name: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Name</Label>
      <Input
        id={id}
        value={value}
        maxLength={SAVED_SEARCH_NAME_MAX_LENGTH}
        required
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
