import {
  PROFILE_LOCATION_MAX_LENGTH,
  PROFILE_NAME_MAX_LENGTH,
  PROFILE_PHONE_MAX_LENGTH,
} from '@bazaar/common/constants';
import type { ProfileResponse } from '@bazaar/common/profiles';
import type { ReactNode, Ref } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { formatDate } from '../../lib/format';

export interface ProfileDraft {
  name: string;
  phone: string;
  location: string;
}

export const PROFILE_FORM_ID = 'profile-form';

export function draftOf(profile: ProfileResponse): ProfileDraft {
  return { name: profile.name, phone: profile.phone, location: profile.location };
}

/**
 * Personal information (spec §2 /profile): name, phone and location, editable in edit mode;
 * the e-mail address and the member-since date are read-only.
 */
export function PersonalInfoCard({
  profile,
  draft,
  isEditing,
  isSaving,
  firstFieldRef,
  onDraftChange,
  onSubmit,
}: {
  profile: ProfileResponse;
  draft: ProfileDraft;
  isEditing: boolean;
  isSaving: boolean;
  /** The ref of the form's first field (Full Name). */
  firstFieldRef?: Ref<HTMLInputElement>;
  onDraftChange: (draft: ProfileDraft) => void;
  onSubmit: () => void;
}) {
  const fields = [
    { key: 'name', label: 'Full Name', type: 'text', autoComplete: 'name', max: PROFILE_NAME_MAX_LENGTH },
    { key: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel', max: PROFILE_PHONE_MAX_LENGTH },
    {
      key: 'location',
      label: 'Location',
      type: 'text',
      autoComplete: 'address-level2',
      max: PROFILE_LOCATION_MAX_LENGTH,
    },
  ] as const;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Personal Information</CardTitle>
      </CardHeader>
      <CardContent>
        {isEditing ? (
          <form
            id={PROFILE_FORM_ID}
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit();
            }}
          >
            {fields.map((field, index) => (
              <div key={field.key} className="grid gap-2">
                <Label htmlFor={`profile-${field.key}`}>{field.label}</Label>
                <Input
                  id={`profile-${field.key}`}
                  ref={index === 0 ? firstFieldRef : undefined}
                  type={field.type}
                  autoComplete={field.autoComplete}
                  maxLength={field.max}
                  value={draft[field.key]}
                  disabled={isSaving}
                  onChange={(event) => onDraftChange({ ...draft, [field.key]: event.target.value })}
                />
              </div>
            ))}
            <dl className="grid gap-4">
              <ReadOnlyDetails profile={profile} />
            </dl>
          </form>
        ) : (
          <dl className="grid gap-4">
            {fields.map((field) => (
              <Detail key={field.key} label={field.label}>
                {profile[field.key] || <span className="text-muted-foreground">Not given</span>}
              </Detail>
            ))}
            <ReadOnlyDetails profile={profile} />
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

function ReadOnlyDetails({ profile }: { profile: ProfileResponse }) {
  return (
    <>
      <Detail label="Email">
        <span className="break-all">{profile.email}</span>
      </Detail>
      <Detail label="Member Since">{formatDate(profile.created_at)}</Detail>
    </>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium wrap-anywhere">{children}</dd>
    </div>
  );
}
