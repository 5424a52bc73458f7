import type { ProfileResponse } from '@bazaar/common/profiles';
import type { SellerStatsResponse } from '@bazaar/common/sellers';
import { BadgeCheck, Download, Pencil, Save, TriangleAlert, X, Zap } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../components/ui/use-toast';
import { usePageMeta } from '../../lib/page-meta';
import { useFocusWhenShown } from '../../lib/use-focus-when-shown';
import { useTabParam } from '../../lib/use-tab-param';
import type { CurrentUser } from '../auth/api';
import { useSignedInUser } from '../auth/require-sign-in';
import { achievementsOf } from './achievements';
import { ACCOUNT_EXPORT_URL, useProfile, useProfileSettings, useSellerStats, useUpdateProfile } from './api';
import { AchievementCard } from './components/achievement-card';
import { ChangePasswordDialog } from './components/change-password-dialog';
import { DeleteAccountDialog } from './components/delete-account-dialog';
import { LoadError } from './components/load-error';
import { SellerAdsGrid } from './components/seller-ads-grid';
import { SettingCheckbox } from './components/setting-checkbox';
import { SubscriptionBadge } from './components/status-badges';
import { draftOf, PersonalInfoCard, PROFILE_FORM_ID, type ProfileDraft } from './personal-info-card';
import { StatisticsCard } from './statistics-card';
import { formatNumber } from '../../lib/format';

const PROFILE_TABS = ['overview', 'my-ads', 'achievements', 'settings'] as const;

/** /profile (spec §2): who the seller is, their numbers, ads, achievements and settings. */
export function ProfilePage() {
  usePageMeta('My Profile', 'Your Bazaar profile: details, statistics, ads, achievements and settings.');
  return <SellerProfile currentUser={useSignedInUser()} />;
}

function ProfileSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6" aria-busy="true">
      <p className="sr-only" role="status">
        Loading Profile...
      </p>
      <Skeleton className="h-44 w-full rounded-xl" />
      <Skeleton className="mt-6 h-10 w-full max-w-md" />
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-80 rounded-xl" />
        <Skeleton className="h-80 rounded-xl" />
      </div>
    </div>
  );
}

function SellerProfile({ currentUser }: { currentUser: CurrentUser }) {
  const profile = useProfile(true);
  const stats = useSellerStats(true);
  const updateProfile = useUpdateProfile();
  const [tab, selectTab] = useTabParam(PROFILE_TABS, 'overview');
  const [isEditing, setEditing] = useState(false);
  const [draft, setDraft] = useState<ProfileDraft>({ name: '', phone: '', location: '' });
  // Edit Profile, Save and Cancel leave as they are pressed: the focus goes on to the form or back.
  const { focusWhenShown, refFor } = useFocusWhenShown<'form' | 'edit'>();

  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <LoadError
          title="Error loading profile"
          error={profile.error}
          onRetry={() => void profile.refetch()}
        />
      </div>
    );
  }
  const stored = profile.data;

  function startEditing() {
    setDraft(draftOf(stored));
    setEditing(true);
    focusWhenShown('form');
    selectTab('overview');
  }

  function cancelEditing() {
    setDraft(draftOf(stored));
    setEditing(false);
    focusWhenShown('edit');
  }

  function save() {
    updateProfile.mutate(draft, {
      onSuccess: () => {
        setEditing(false);
        focusWhenShown('edit');
        toast({
          title: 'Profile Updated! ✨',
          description: 'Your profile has been saved.',
          variant: 'success',
        });
      },
      onError: (error) =>
        toast({ title: 'Error updating profile', description: error.message, variant: 'destructive' }),
    });
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
      <ProfileBanner
        profile={stored}
        currentUser={currentUser}
        score={stats.data?.engagement.score}
        actions={
          isEditing ? (
            <>
              {/* Keys keep Save from reusing Edit Profile's element: the click that swaps them
                  would otherwise land on a submit button and save at once. */}
              <Button
                key="save"
                type="submit"
                form={PROFILE_FORM_ID}
                variant="secondary"
                disabled={updateProfile.isPending}
              >
                <Save /> {updateProfile.isPending ? 'Saving...' : 'Save'}
              </Button>
              <Button
                variant="ghost"
                className="text-primary-foreground hover:bg-white/15 hover:text-primary-foreground"
                onClick={cancelEditing}
                disabled={updateProfile.isPending}
              >
                <X /> Cancel
              </Button>
            </>
          ) : (
            <Button key="edit" ref={refFor('edit')} variant="secondary" onClick={startEditing}>
              <Pencil /> Edit Profile
            </Button>
          )
        }
      />

      <Tabs value={tab} onValueChange={selectTab} className="mt-6">
        <TabsList aria-label="Profile sections">
          <TabsTrigger value="overview" className="px-2 sm:px-3">
            Overview
          </TabsTrigger>
          <TabsTrigger value="my-ads" className="px-2 sm:px-3">
            My Ads
          </TabsTrigger>
          <TabsTrigger value="achievements" className="px-2 sm:px-3">
            Achievements
          </TabsTrigger>
          <TabsTrigger value="settings" className="px-2 sm:px-3">
            Settings
          </TabsTrigger>
        </TabsList>

        <TabsContent value="overview" className="grid gap-6 lg:grid-cols-2">
          <PersonalInfoCard
            profile={stored}
            draft={draft}
            isEditing={isEditing}
            isSaving={updateProfile.isPending}
            firstFieldRef={refFor('form')}
            onDraftChange={setDraft}
            onSubmit={save}
          />
          <StatisticsCard stats={stats.data} error={stats.error} onRetry={() => void stats.refetch()} />
        </TabsContent>

        <TabsContent value="my-ads">
          <h2 id="profile-my-ads" className="mb-4 text-xl font-semibold">
            My Ads
          </h2>
          <SellerAdsGrid headingId="profile-my-ads" />
        </TabsContent>

        <TabsContent value="achievements">
          <AchievementsPanel stats={stats.data} error={stats.error} onRetry={() => void stats.refetch()} />
        </TabsContent>

        <TabsContent value="settings">
          <ProfileSettingsPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function initialsOf(text: string): string {
  const words = text.split(/[\s@.]+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? '')).toUpperCase() || '?';
}

function ProfileBanner({
  profile,
  currentUser,
  score,
  actions,
}: {
  profile: ProfileResponse;
  currentUser: CurrentUser;
  score: number | undefined;
  actions: ReactNode;
}) {
  const displayName = profile.name || profile.email;
  return (
    <section
      aria-label="Profile summary"
      className="rounded-xl bg-gradient-to-br from-primary to-primary/75 p-5 text-primary-foreground shadow-sm sm:p-8"
    >
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <span
          aria-hidden="true"
          className="flex size-20 shrink-0 items-center justify-center rounded-full bg-white/20 text-2xl font-bold ring-4 ring-white/30"
        >
          {initialsOf(displayName)}
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="flex min-w-0 items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
            <span className="truncate">{displayName}</span>
            {profile.verified ? (
              <>
                {' '}
                <BadgeCheck className="size-6 shrink-0" aria-hidden="true" />
                <span className="sr-only">Verified</span>
              </>
            ) : null}
          </h1>
          <p className="mt-1 text-primary-foreground/85">
            Member since {new Date(profile.created_at).getFullYear()}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <SubscriptionBadge currentUser={currentUser} />
            {score !== undefined ? (
              <Badge variant="outline" className="border-white/40 text-primary-foreground">
                <Zap /> {formatNumber(score)} points
              </Badge>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2 sm:justify-end">{actions}</div>
      </div>
    </section>
  );
}

function AchievementsPanel({
  stats,
  error,
  onRetry,
}: {
  stats: SellerStatsResponse | undefined;
  error: Error | null;
  onRetry: () => void;
}) {
  if (!stats) {
    return error ? (
      <LoadError title="Error loading achievements" error={error} onRetry={onRetry} />
    ) : (
      <Skeleton className="h-64 rounded-xl" />
    );
  }
  const achievements = achievementsOf(stats);
  const unlocked = achievements.filter((achievement) => achievement.unlocked).length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Achievements</CardTitle>
        <CardDescription>
          {unlocked} of {achievements.length} unlocked
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label="Achievements" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {achievements.map((achievement) => (
            <AchievementCard key={achievement.id} achievement={achievement} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function ProfileSettingsPanel() {
  const settings = useProfileSettings(true);
  const [isDeleting, setDeleting] = useState(false);
  const values = settings.data;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {settings.isError ? (
        <div className="lg:col-span-2">
          <LoadError
            title="Error loading settings"
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        </div>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>Email Notifications</CardTitle>
          <CardDescription>Saved as soon as you change them.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SettingCheckbox name="emailNewMessages" label="New messages" settings={values} />
          <SettingCheckbox name="emailAdViewsAndLikes" label="Ad views and likes" settings={values} />
          <SettingCheckbox name="weeklyReports" label="Weekly reports" settings={values} />
          <p className="text-xs text-muted-foreground">
            Bazaar e-mails you when a message waits unread for a while. It does not send e-mails about views,
            likes or weekly reports yet; those choices will apply when it does.
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Privacy</CardTitle>
          <CardDescription>Who can see and reach you.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SettingCheckbox
            name="showPhoneNumber"
            label="Show phone number in ads"
            description="Signed-in buyers can see your number on your ads."
            settings={values}
          />
          <SettingCheckbox
            name="allowDirectMessages"
            label="Allow direct messages"
            description="Let signed-in buyers write to you from your ads. Conversations you have already started stay open."
            settings={values}
          />
        </CardContent>
      </Card>
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>Password</CardTitle>
          <CardDescription>
            Changing it signs out every other device signed in to your account.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordDialog />
        </CardContent>
      </Card>
      <Card className="border-destructive/40 lg:col-span-2">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-destructive">
            <TriangleAlert className="size-5" aria-hidden="true" /> Danger Zone
          </CardTitle>
          <CardDescription>Deleting your account removes your profile and all of your ads.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          <Button asChild variant="outline">
            <a href={ACCOUNT_EXPORT_URL} download>
              <Download className="size-4" aria-hidden="true" /> Download My Data
            </a>
          </Button>
          <Button variant="destructive" onClick={() => setDeleting(true)}>
            Delete Account
          </Button>
          <DeleteAccountDialog isOpen={isDeleting} onClose={() => setDeleting(false)} />
        </CardContent>
      </Card>
    </div>
  );
}
