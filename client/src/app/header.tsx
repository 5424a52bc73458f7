import { isStaff } from '@bazaar/common/roles';
import { LogOut, Menu, Plus, Store, X } from 'lucide-react';
import { Suspense, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, NavLink, useMatch, useNavigate } from 'react-router';
import { Button } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import { toast } from '../components/ui/use-toast';
import { useCurrentUser, useSignOut } from '../features/auth/api';
import { errorMessageOf } from '../features/auth/error-message';
import { usePostAdAction } from '../features/auth/use-require-sign-in';
import { MessagesButton, UnreadMessagesCount } from '../features/messaging/messages-button';
import { cn } from '../lib/cn';
import { paths } from './paths';
import { SearchBox } from './search-box';
import { lazyComponent } from '../lib/lazy-component';

// Only signed-in visitors need the menu and the bell (and their positioning code): load them on demand.
const AccountMenu = lazyComponent(async () => (await import('./account-menu')).AccountMenu);
const NotificationsBell = lazyComponent(
  async () => (await import('../features/notifications/notifications-bell')).NotificationsBell,
);

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

export function Header() {
  const [isMenuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  /** Escape, on the menu's button or inside the menu, closes it and leaves the focus on the button. */
  function closeMenuOnEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !isMenuOpen) return;
    closeMenu();
    menuButton.current?.focus();
  }
  // The search page has a search box of its own: one is enough.
  const hasSearchBox = useMatch(paths.search()) === null;

  return (
    <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Link
          to={paths.home}
          className="flex shrink-0 items-center gap-2 font-bold text-primary"
          onClick={closeMenu}
        >
          <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <Store className="size-5" />
          </span>
          <span className="text-xl tracking-tight text-foreground">Bazaar</span>
        </Link>

        {hasSearchBox ? <SearchBox className="mx-4 hidden max-w-xl md:flex" /> : null}

        <AccountNav />

        <Button
          ref={menuButton}
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={isMenuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
          onKeyDown={closeMenuOnEscape}
        >
          {isMenuOpen ? <X /> : <Menu />}
        </Button>
      </div>

      {hasSearchBox ? (
        <div className="border-t px-4 py-2 md:hidden">
          <SearchBox />
        </div>
      ) : null}

      {isMenuOpen ? <MobileMenu onChoose={closeMenu} onKeyDown={closeMenuOnEscape} /> : null}
    </header>
  );
}

/**
 * The bar's part that depends on who is there, in a component of its own: when the browser
 * learns it (after the hydration), only this re-renders, not the whole header with its search
 * boxes. The bell and Messages (with its unread count) stay in the bar on a phone too; the
 * rest of it is in the mobile menu there.
 */
function AccountNav() {
  const { data: currentUser, isPending } = useCurrentUser();
  const logout = useLogout();
  const postAd = usePostAdAction();
  return (
    <nav aria-label="Account" className="ml-auto flex items-center gap-2">
      {isPending ? (
        <Skeleton className="hidden h-9 w-40 md:block" />
      ) : currentUser ? (
        <>
          <Button onClick={postAd} className="hidden md:inline-flex">
            <Plus /> Post Ad
          </Button>
          <Suspense fallback={<Skeleton className="size-10" />}>
            <NotificationsBell />
          </Suspense>
          <MessagesButton />
          <div className="hidden items-center gap-2 md:flex">
            <Suspense fallback={<Skeleton className="size-9 rounded-full" />}>
              <AccountMenu user={currentUser.user} onLogout={logout} />
            </Suspense>
          </div>
        </>
      ) : (
        <>
          <Button variant="ghost" className="hidden md:inline-flex" asChild>
            <Link to={paths.login}>Login</Link>
          </Button>
          <Button className="hidden md:inline-flex" asChild>
            <Link to={paths.register}>Sign Up</Link>
          </Button>
        </>
      )}
    </nav>
  );
}

/** The phone's menu; `onChoose` closes it. */
function MobileMenu({
  onChoose,
  onKeyDown,
}: {
  onChoose: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}) {
  const { data: currentUser } = useCurrentUser();
  const logout = useLogout();
  const postAd = usePostAdAction();
  return (
    <nav
      id="mobile-menu"
      aria-label="Mobile"
      className="border-t bg-card px-4 py-3 md:hidden"
      onKeyDown={onKeyDown}
    >
      <ul className="flex flex-col gap-1">
        <MobileLink to={paths.home} onChoose={onChoose}>
          Home
        </MobileLink>
        {currentUser ? (
          <>
            <MobileLink to={paths.dashboard} onChoose={onChoose}>
              Dashboard
            </MobileLink>
            <MobileLink to={paths.profile} onChoose={onChoose}>
              Profile
            </MobileLink>
            <MobileLink to={paths.favorites} onChoose={onChoose}>
              Favorites
            </MobileLink>
            <MobileLink to={paths.savedSearches} onChoose={onChoose}>
              Saved searches
            </MobileLink>
            <MobileLink to={paths.subscription} onChoose={onChoose}>
              Subscription
            </MobileLink>
            <MobileLink to={paths.messages} onChoose={onChoose}>
              Messages
              <UnreadMessagesCount />
            </MobileLink>
            {isStaff(currentUser.user.role) ? (
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
        ) : (
          <li className="mt-2 grid grid-cols-2 gap-2">
            <Button variant="outline" asChild>
              <Link to={paths.login} onClick={onChoose}>
                Login
              </Link>
            </Button>
            <Button asChild>
              <Link to={paths.register} onClick={onChoose}>
                Sign Up
              </Link>
            </Button>
          </li>
        )}
      </ul>
    </nav>
  );
}

function MobileLink({ to, onChoose, children }: { to: string; onChoose: () => void; children: ReactNode }) {
  return (
    <li>
      <NavLink
        to={to}
        end
        onClick={onChoose}
        className={({ isActive }) =>
          cn(
            'flex items-center justify-between rounded-md px-3 py-2.5 text-sm font-medium hover:bg-accent',
            isActive && 'bg-accent text-accent-foreground',
          )
        }
      >
        {children}
      </NavLink>
    </li>
  );
}
