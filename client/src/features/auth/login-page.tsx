import { LogIn } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../app/paths';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useFormToasts } from '../../components/ui/use-toast';
import { usePageMeta } from '../../lib/page-meta';
import { useSignIn } from './account-actions';
import { useCurrentUser } from './api';
import { AuthLayout } from './auth-layout';
import { errorMessageOf } from './error-message';
import { PasswordInput } from './password-input';
import { SocialSignInButtons } from './social-sign-in-buttons';
import { returnPathOf } from './use-require-sign-in';

const SIGN_IN_FAILED = 'Sign in Failed';

/** What a page that sends the person here may fill in for them (the address they just registered). */
export interface LoginPageState {
  email?: string;
}

function emailOf(state: unknown): string {
  const email = (state as LoginPageState | null)?.email;
  return typeof email === 'string' ? email : '';
}

/** /login (spec §2, §4 Login): success goes to /dashboard; on error the person stays. */
export function LoginPage() {
  usePageMeta('Login', 'Sign in to Bazaar to post ads, manage them and see your statistics.');
  const { data: currentUser } = useCurrentUser();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const returnPath = returnPathOf(useLocation().state);
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const [email, setEmail] = useState(() => emailOf(location.state));
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const socialError = searchParams.get('error');
  const formToasts = useFormToasts();

  useEffect(() => {
    // A social sign-in that did not complete comes back here with ?error=.
    if (socialError) {
      formToasts.toast({
        title: SIGN_IN_FAILED,
        description: 'Social sign-in did not complete. Please try again.',
        variant: 'destructive',
      });
    }
  }, [socialError, formToasts]);

  if (currentUser && !signIn.isPending && !signIn.isSuccess) return <Navigate to={returnPath} replace />;

  // The last try's failure stays beside the form (the toast goes after a few seconds), as the
  // fields' description.
  const failure = signIn.isError ? errorMessageOf(signIn.error) : null;
  const failureId = failure ? 'login-failure' : undefined;

  function showFailure(error: unknown) {
    formToasts.toast({ title: SIGN_IN_FAILED, description: errorMessageOf(error), variant: 'destructive' });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    signIn.mutate(
      { email: email.trim(), password, rememberMe },
      {
        onSuccess: () => {
          formToasts.dismissAll();
          void navigate(returnPath);
        },
        onError: showFailure,
      },
    );
  }

  return (
    <AuthLayout
      Icon={LogIn}
      title="Welcome Back"
      description="Sign in to your account to manage your ads"
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={paths.register} className="font-medium text-primary hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      <form onSubmit={submit} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="login-email">Email</Label>
          <Input
            id="login-email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            required
            aria-describedby={failureId}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="login-password">Password</Label>
          <PasswordInput
            id="login-password"
            autoComplete="current-password"
            placeholder="Your password"
            required
            aria-describedby={failureId}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <Checkbox
              id="login-remember"
              checked={rememberMe}
              onCheckedChange={(checked) => setRememberMe(checked === true)}
            />
            <Label htmlFor="login-remember" className="font-normal">
              Remember me
            </Label>
          </div>
          <Link to={paths.forgotPassword} className="text-sm font-medium text-primary hover:underline">
            Forgot password?
          </Link>
        </div>
        {failure ? (
          <p id={failureId} className="text-sm text-destructive">
            {failure}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <SocialSignInButtons onFailure={showFailure} />
    </AuthLayout>
  );
}
