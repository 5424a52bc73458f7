import { KeyRound, LinkIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../app/paths';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { usePageMeta } from '../../lib/page-meta';
import { useResetPassword } from './account-actions';
import { AuthLayout } from './auth-layout';
import { errorMessageOf } from './error-message';
import { PasswordInput } from './password-input';
import { newPasswordProblem } from './password-rules';

/**
 * /reset-password?token=…: where the e-mailed link leads. A used, expired or altered link
 * arrives as ?error=INVALID_TOKEN and is offered a new one.
 */
export function ResetPasswordPage() {
  usePageMeta('Reset Password', 'Choose a new password for your Bazaar account.');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const resetPassword = useResetPassword();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [isLinkRefused, setLinkRefused] = useState(false);

  if (!token || searchParams.has('error') || isLinkRefused) {
    return (
      <AuthLayout
        Icon={LinkIcon}
        title="Link invalid or expired"
        description="This password reset link has already been used, has expired or is incomplete. Reset links work once, for one hour."
        footer={
          <Link to={paths.login} className="font-medium text-primary hover:underline">
            Back to Login
          </Link>
        }
      >
        <Button asChild size="lg" className="w-full">
          <Link to={paths.forgotPassword}>Request a new link</Link>
        </Button>
      </AuthLayout>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirmation);
    if (problem) {
      toast({ title: problem, variant: 'destructive' });
      return;
    }
    resetPassword.mutate(
      { token: token ?? '', newPassword: password },
      {
        onSuccess: () => {
          toast({
            title: 'Password Updated',
            description: 'Sign in with your new password. You have been signed out everywhere else.',
            variant: 'success',
          });
          void navigate(paths.login);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'invalid_token') setLinkRefused(true);
          toast({
            title: 'Password Reset Failed',
            description: errorMessageOf(error),
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <AuthLayout Icon={KeyRound} title="Choose a New Password" description="Enter your new password twice.">
      <form onSubmit={submit} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="reset-password">New Password</Label>
          <PasswordInput
            id="reset-password"
            autoComplete="new-password"
            placeholder="At least 6 characters"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="reset-confirmation">Confirm New Password</Label>
          <PasswordInput
            id="reset-confirmation"
            autoComplete="new-password"
            placeholder="Repeat your new password"
            required
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={resetPassword.isPending}>
          {resetPassword.isPending ? 'Saving...' : 'Reset Password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
