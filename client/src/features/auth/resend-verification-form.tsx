import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { useSendVerificationEmail } from './account-actions';
import { errorMessageOf } from './error-message';

/** Asks for a fresh confirmation link; answers alike whether or not the address is known. */
export function ResendVerificationForm({ initialEmail = '' }: { initialEmail?: string }) {
  const sendVerification = useSendVerificationEmail();
  const [email, setEmail] = useState(initialEmail);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    sendVerification.mutate(
      { email: address },
      {
        onSuccess: () =>
          toast({
            title: 'Check your email',
            description: `If ${address} is waiting for confirmation, a new link is on its way.`,
            variant: 'success',
          }),
        onError: (error) =>
          toast({ title: 'Sending Failed', description: errorMessageOf(error), variant: 'destructive' }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-3">
      <div className="grid gap-2">
        <Label htmlFor="resend-email">Email</Label>
        <Input
          id="resend-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <Button type="submit" className="w-full" disabled={sendVerification.isPending}>
        {sendVerification.isPending ? 'Sending...' : 'Send a new link'}
      </Button>
    </form>
  );
}
