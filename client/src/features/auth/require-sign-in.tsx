import { createContext, useContext, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { paths } from '../../app/paths';
import { Button } from '../../components/ui/button';
import { GateCard } from '../../components/gate-card';
import { Skeleton } from '../../components/ui/skeleton';
import { usePageMeta } from '../../lib/page-meta';
import { useCurrentUser, type CurrentUser } from './api';
import type { LoginState } from './use-require-sign-in';

/** What a page that needs an account shows a signed-out visitor (spec §2's gate screens). */
export interface SignInGate {
  /** The heading: 'Access Denied' on most pages, 'Loading Profile...' on /profile. */
  title: string;
  /** Why, e.g. 'Please login to access your dashboard.' */
  text: string;
  /** The picture above the heading; a padlock unless said. */
  icon?: ReactNode;
}

const SignedInUserContext = createContext<CurrentUser | null>(null);

/**
 * The one sign-in gate, used by the router around every page that needs an account: while
 * the session is being read, a placeholder; signed out, the page's gate (heading, reason and
 * a Login button to /login, which comes back here: e-mails link to these pages); signed in, the page, which reads the user with `useSignedInUser()`.
 */
export function RequireSignIn({ gate, children }: { gate: SignInGate; children?: ReactNode }) {
  const { data: currentUser, isPending } = useCurrentUser();
  if (isPending) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6" aria-busy="true">
        <Skeleton className="h-10 w-72" />
        <Skeleton className="mt-6 h-96 w-full rounded-xl" />
      </div>
    );
  }
  if (!currentUser) return <SignedOutGate gate={gate} />;
  return (
    <SignedInUserContext.Provider value={currentUser}>{children ?? <Outlet />}</SignedInUserContext.Provider>
  );
}

function SignedOutGate({ gate }: { gate: SignInGate }) {
  usePageMeta(gate.title, gate.text);
  const location = useLocation();
  const state: LoginState = { returnTo: location.pathname + location.search };
  return (
    <div className="px-4 py-16">
      <GateCard icon={gate.icon} title={gate.title} text={gate.text}>
        <Button asChild>
          <Link to={paths.login} state={state}>
            Login
          </Link>
        </Button>
      </GateCard>
    </div>
  );
}

/** The signed-in user of a page behind `RequireSignIn`. */
export function useSignedInUser(): CurrentUser {
  const currentUser = useContext(SignedInUserContext);
  if (!currentUser) throw new Error('useSignedInUser() is for pages the router puts behind <RequireSignIn>');
  return currentUser;
}
