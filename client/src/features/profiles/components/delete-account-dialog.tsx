import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { ActionDialog } from '../../../components/action-dialog';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { PasswordInput } from '../../auth/password-input';
import { useDeleteAccount } from '../api';

/** Danger zone (issue 13): the account goes only once its password is confirmed by the server. */
export function DeleteAccountDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const deletion = useDeleteAccount();
  const navigate = useNavigate();

  async function submit() {
    try {
      await deletion.mutateAsync({ password });
    } catch {
      return; // The dialog shows deletion.error.
    }
    // Not in mutate's onSuccess: forgetting the account (the hook's own onSuccess) signs the
    // page out, which can unmount this dialog first, and TanStack Query calls no callback of an
    // unmounted component's mutate: on a busy machine the page then stayed on "Please login".
    toast({ title: 'Account deleted', description: 'Your account and your ads are gone. Goodbye!' });
    void navigate(paths.home);
  }

  return (
    <ActionDialog
      open={isOpen}
      onOpenChange={(open) => {
        if (open) return;
        setPassword('');
        deletion.reset();
        onClose();
      }}
      onSubmit={() => void submit()}
      title="Delete your account?"
      description={
        <>
          Your profile, ads, photos, videos and favorites are deleted for good and you are signed out.
          Messages you sent stay with the people you wrote to, from a deleted user; payment records are kept
          without your name for accounting.
        </>
      }
      error={deletion.isError ? deletion.error.message : null}
      cancelLabel="Keep My Account"
      action={{
        label: 'Delete My Account',
        pendingLabel: 'Deleting...',
        isPending: deletion.isPending,
        disabled: password === '',
        variant: 'destructive',
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor="delete-account-password">Your password</Label>
        <PasswordInput
          id="delete-account-password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
    </ActionDialog>
  );
}
