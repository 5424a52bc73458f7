import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { PasswordInput } from '../../auth/password-input';
import { useDeleteAccount } from '../api';

/** Danger zone (issue 13): the account goes only once its password is confirmed by the server. */
export function DeleteAccountDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const deletion = useDeleteAccount();
  const navigate = useNavigate();

  function submit(event: FormEvent) {
    event.preventDefault();
    deletion.mutate(
      { password },
      {
        onSuccess: () => {
          toast({ title: 'Account deleted', description: 'Your account and your ads are gone. Goodbye!' });
          void navigate(paths.home);
        },
      },
    );
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (open) return;
        setPassword('');
        deletion.reset();
        onClose();
      }}
    >
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              Your profile, ads, photos, videos and favourites are deleted for good and you are signed out.
              Messages you sent stay with the people you wrote to, from a deleted user; payment records are
              kept without your name for accounting.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="delete-account-password">Your password</Label>
            <PasswordInput
              id="delete-account-password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            {deletion.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {deletion.error.message}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Keep My Account
            </Button>
            <Button type="submit" variant="destructive" disabled={deletion.isPending || password === ''}>
              {deletion.isPending ? 'Deleting...' : 'Delete My Account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
