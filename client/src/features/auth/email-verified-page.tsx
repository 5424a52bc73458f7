import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, LinkIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../app/paths';
import { Button } from '../../components/ui/button';
import { usePageMeta } from '../../lib/page-meta';
import { announceAccountChange, authKeys, useCurrentUser } from './api';
import { AuthLayout } from './auth-layout';
import { ResendVerificationForm } from './resend-verification-form';

/**
 * /email-verified: where the confirmation link leads. The server has already confirmed the
 * address, or sends the link back with ?error= (expired, altered). Opened otherwise by a
 * person whose address is not confirmed (their session says so), it says that instead.
 */
export function EmailVerifiedPage() {
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { data: currentUser, isFetching } = useCurrentUser();
  const isUnconfirmed = Boolean(currentUser && !currentUser.user.email_verified && !isFetching);
  const hasFailed = searchParams.has('error');
  usePageMeta(
    hasFailed ? 'Confirmation Link Invalid' : isUnconfirmed ? 'Email Not Confirmed' : 'Email Verified',
  );

  useEffect(() => {
    // The verified tick and the header's notice should show the confirmed address at once,
    // in the other tabs too (the link opens a tab of its own).
    void queryClient.invalidateQueries({ queryKey: authKeys.me });
    if (!hasFailed) announceAccountChange();
  }, [queryClient, hasFailed]);

  if (hasFailed || isUnconfirmed) {
    return (
      <AuthLayout
        Icon={LinkIcon}
        title={hasFailed ? 'Link invalid or expired' : 'Not confirmed yet'}
        description={
          hasFailed
            ? 'This confirmation link has expired or is incomplete. Links work for 24 hours; ask for a new one below.'
            : 'Your e-mail address is not confirmed yet: follow the link we sent you, or ask for a new one below.'
        }
        footer={
          <Link to={paths.login} className="font-medium text-primary hover:underline">
            Back to Login
          </Link>
        }
      >
        <ResendVerificationForm initialEmail={currentUser?.user.email} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      Icon={CircleCheck}
      title="Email Verified"
      description="Thank you! Your e-mail address is confirmed and your profile shows the verified tick."
    >
      <Button asChild size="lg" className="w-full">
        {currentUser ? (
          <Link to={paths.dashboard}>Go to Dashboard</Link>
        ) : (
          <Link to={paths.login}>Sign In</Link>
        )}
      </Button>
    </AuthLayout>
  );
}
