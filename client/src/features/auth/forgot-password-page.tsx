import { KeyRound, MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { usePageMeta } from '../../lib/page-meta';
import { useRequestPasswordReset } from './account-actions';
import { AuthLayout } from './auth-layout';
import { errorMessageOf } from './error-message';

const backToLogin = (
  <Link to={paths.login} className="font-medium text-primary hover:underline">
    Back to Login
  </Link>
);

/** /forgot-password: asks for the address and mails a single-use reset link. */
export function ForgotPasswordPage() {
  usePageMeta('Forgot Password', 'Get a link to choose a new password for your Bazaar account.');
  const requestReset = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    requestReset.mutate(
      { email: address },
      {
        onSuccess: () => setSentTo(address),
        onError: (error) =>
          toast({ title: 'Request Failed', description: errorMessageOf(error), variant: 'destructive' }),
      },
    );
  }

  if (sentTo) {
    return (
      <AuthLayout
        Icon={MailCheck}
        title="Check your email"
        description={
          <>
            If an account exists for <strong className="text-foreground">{sentTo}</strong>, we have sent it a
            link to choose a new password. The link works once and expires in one hour.
          </>
        }
        footer={backToLogin}
      >
        <Button variant="outline" className="w-full" onClick={() => setSentTo(null)}>
          Use another address
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      Icon={KeyRound}
      title="Forgot Password?"
      description="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={backToLogin}
    >
      <form onSubmit={submit} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="forgot-email">Email</Label>
          <Input
            id="forgot-email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={requestReset.isPending}>
          {requestReset.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
    </AuthLayout>
  );
}
