import { useQueryClient } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { useSendVerificationEmail } from './account-actions';
import { authKeys } from './api';
import { errorMessageOf } from './error-message';

/** For a signed-in seller whose address is not confirmed yet: says so and offers a new link. */
export function EmailVerificationNotice({ email }: { email: string }) {
  const sendVerification = useSendVerificationEmail();
  const queryClient = useQueryClient();

  function resend() {
    sendVerification.mutate(
      { email },
      {
        onSuccess: () =>
          toast({
            title: 'Check your email',
            description: `We have sent a new confirmation link to ${email}.`,
            variant: 'success',
          }),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'email_already_verified') {
            // Confirmed meanwhile (in another tab or browser): the notice goes with the session's news.
            void queryClient.invalidateQueries({ queryKey: authKeys.me });
            toast({ title: 'Email Verified', description: error.message, variant: 'success' });
            return;
          }
          toast({ title: 'Sending Failed', description: errorMessageOf(error), variant: 'destructive' });
        },
      },
    );
  }

  return (
    <div role="status" className="border-t border-featured/40 bg-featured/15">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm sm:px-6">
        <MailWarning className="size-4 shrink-0 text-featured-foreground" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          Please confirm your e-mail address: we sent a link to <strong className="break-all">{email}</strong>
          .
        </span>
        <button
          type="button"
          onClick={resend}
          disabled={sendVerification.isPending}
          className="font-medium text-primary underline-offset-4 hover:underline disabled:opacity-50"
        >
          {sendVerification.isPending ? 'Sending...' : 'Send a new link'}
        </button>
      </div>
    </div>
  );
}
