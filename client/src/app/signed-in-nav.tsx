import { isStaff } from '@bazaar/common/roles';
import { LogOut, Plus } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../components/ui/button';
import { toast } from '../components/ui/use-toast';
import { useSignOut } from '../features/auth/account-actions';
import type { CurrentUser } from '../features/auth/api';
import { errorMessageOf } from '../features/auth/error-message';
import { usePostAdAction } from '../features/auth/use-require-sign-in';
import { MessagesButton, UnreadMessagesCount } from '../features/messaging/messages-button';
import { NotificationsBell } from '../features/notifications/notifications-bell';
import { AccountMenu } from './account-menu';
import { MobileLink } from './mobile-link';
import { paths } from './paths';

// The header's parts for a signed-in person (header.tsx loads them once someone is): a visitor's
// first load does without the messaging, the notifications and the menus' code.

/**
 * Signs out and goes home; says 'Sign out Failed' with the reason when it cannot (spec §8).
 * Awaited rather than in mutate's callbacks: the phone's menu closes as Logout is tapped, and
 * TanStack Query calls no callback of an unmounted component's mutate.
 */
function useLogout() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  async function logout() {
    try {
      await signOut.mutateAsync();
    } catch (error) {
      toast({
        title: 'Sign out Failed',
        description: errorMessageOf(error),
        variant: 'destructive',
      });
      return;
    }
    void navigate(paths.home);
  }
  return () => void logout();
}

/** The bar's Post Ad, bell, Messages and account menu. On a phone the bell and Messages stay; the rest is in the menu. */
export function SignedInBar({ user }: { user: CurrentUser['user'] }) {
  const logout = useLogout();
  const postAd = usePostAdAction();
  return (
    <>
      <Button onClick={postAd} className="hidden md:inline-flex">
        <Plus /> Post Ad
      </Button>
      <NotificationsBell />
      <MessagesButton />
      <div className="hidden items-center gap-2 md:flex">
        <AccountMenu user={user} onLogout={logout} />
      </div>
    </>
  );
}

const accountPages = [
  { to: paths.dashboard, label: 'Dashboard' },
  { to: paths.profile, label: 'Profile' },
  { to: paths.favorites, label: 'Favorites' },
  { to: paths.savedSearches, label: 'Saved searches' },
  { to: paths.subscription, label: 'Subscription' },
];

/** The phone's menu entries after Home for a signed-in person; `onChoose` closes the menu. */
export function SignedInMenuItems({ user, onChoose }: { user: CurrentUser['user']; onChoose: () => void }) {
  const logout = useLogout();
  const postAd = usePostAdAction();
  return (
    <>
      {accountPages.map(({ to, label }) => (
        <MobileLink key={to} to={to} onChoose={onChoose}>
          {label}
        </MobileLink>
      ))}
      <MobileLink to={paths.messages} onChoose={onChoose}>
        Messages
        <UnreadMessagesCount />
      </MobileLink>
      {isStaff(user.role) ? (
        <MobileLink to={paths.admin} onChoose={onChoose}>
          Moderation
        </MobileLink>
      ) : null}
      <li className="mt-2 grid grid-cols-2 gap-2">
        <Button
          onClick={() => {
            onChoose();
            postAd();
          }}
        >
          <Plus /> Post Ad
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            onChoose();
            logout();
          }}
        >
          <LogOut /> Logout
        </Button>
      </li>
    </>
  );
}
