import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { toast } from '../../components/ui/use-toast';
import { useCurrentUser } from './api';

/** Where /login goes after signing in, when a page sent the visitor there (router state). */
export interface LoginState {
  returnTo?: string;
}

/** The page to open after sign-in: the one that asked (a path of this site), else the dashboard. */
export function returnPathOf(state: unknown): string {
  const returnTo = (state as LoginState | null)?.returnTo;
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//')
    ? returnTo
    : paths.dashboard;
}

/**
 * For actions that need an account (spec §6): returns whether the user is signed in;
 * if not, shows 'Login Required' with the given reason, and optionally goes to /login,
 * coming back to this page (`returnHere`) after sign-in.
 */
export function useRequireSignIn() {
  const { data: currentUser } = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  return (reason: string, options: { redirectToLogin?: boolean; returnHere?: boolean } = {}): boolean => {
    if (currentUser) return true;
    toast({ title: 'Login Required', description: reason });
    if (options.redirectToLogin) {
      const state: LoginState = options.returnHere ? { returnTo: location.pathname + location.search } : {};
      void navigate(paths.login, { state });
    }
    return false;
  };
}

export const POST_AD_SIGN_IN_REASON = 'Please login to post an advertisement.';

/** The Post Ad action everywhere it appears: signed out, it explains and goes to /login. */
export function usePostAdAction() {
  const requireSignIn = useRequireSignIn();
  const navigate = useNavigate();
  return () => {
    if (requireSignIn(POST_AD_SIGN_IN_REASON, { redirectToLogin: true })) void navigate(paths.postAd);
  };
}
