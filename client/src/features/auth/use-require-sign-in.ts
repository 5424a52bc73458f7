import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { toast } from '../../components/ui/use-toast';
import { useCurrentUser } from './api';

/**
 * For actions that need an account (spec §6): returns whether the user is signed in;
 * if not, shows 'Login Required' with the given reason, and optionally goes to /login.
 */
export function useRequireSignIn() {
  const { data: currentUser } = useCurrentUser();
  const navigate = useNavigate();
  return (reason: string, options: { redirectToLogin?: boolean } = {}): boolean => {
    if (currentUser) return true;
    toast({ title: 'Login Required', description: reason });
    if (options.redirectToLogin) void navigate(paths.login);
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
