import { Menu, Store, X } from 'lucide-react';
import { Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useMatch } from 'react-router';
import { Button } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import { useCurrentUser } from '../features/auth/api';
import { lazyComponent } from '../lib/lazy-component';
import { MobileLink } from './mobile-link';
import { paths } from './paths';
import { SearchBox } from './search-box';

// Only a signed-in person needs these (with the messaging, the notifications and the menus):
// loaded once the browser knows someone is.
const SignedInMenuItems = lazyComponent(async () => (await import('./signed-in-nav')).SignedInMenuItems);
// The bar's module holds the phone's menu too: once it is there, the menu opens at once.
const SignedInBar = lazyComponent(async () => {
  const [{ SignedInBar: Bar }] = await Promise.all([import('./signed-in-nav'), SignedInMenuItems.preload()]);
  return Bar;
});

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
 * boxes.
 */
function AccountNav() {
  const { data: currentUser, isPending } = useCurrentUser();
  return (
    <nav aria-label="Account" className="ml-auto flex items-center gap-2">
      {isPending ? (
        <Skeleton className="hidden h-9 w-40 md:block" />
      ) : currentUser ? (
        <Suspense fallback={<Skeleton className="h-9 w-20 md:w-64" />}>
          <SignedInBar user={currentUser.user} />
        </Suspense>
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
          <Suspense
            fallback={
              <li aria-busy="true">
                <Skeleton className="h-60" />
              </li>
            }
          >
            <SignedInMenuItems user={currentUser.user} onChoose={onChoose} />
          </Suspense>
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
