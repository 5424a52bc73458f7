import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { ActionDialog } from '../../../components/action-dialog';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { useChangePassword } from '../../auth/account-actions';
import { PasswordInput } from '../../auth/password-input';
import { newPasswordProblem } from '../../auth/password-rules';

const EMPTY = { currentPassword: '', newPassword: '', confirmation: '' };

/**
 * Changes the password while signed in: the current one is checked by the server, the new one
 * by the spec's rules here first (§5) and there again. Every other device is signed out.
 */
export function ChangePasswordDialog() {
  const [isOpen, setOpen] = useState(false);
  const [fields, setFields] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangePassword();

  function close() {
    setFields(EMPTY);
    setProblem(null);
    change.reset();
    setOpen(false);
  }

  async function submit() {
    const found = newPasswordProblem(fields.newPassword, fields.confirmation);
    setProblem(found);
    if (found) return;
    try {
      await change.mutateAsync({ currentPassword: fields.currentPassword, newPassword: fields.newPassword });
    } catch {
      return; // The dialog shows change.error.
    }
    close();
    toast({
      title: 'Password Changed',
      description: 'Every other device signed in to your account was signed out.',
      variant: 'success',
    });
  }

  const field = (name: keyof typeof EMPTY, label: string, autoComplete: string) => (
    <div className="grid gap-2">
      <Label htmlFor={`change-password-${name}`}>{label}</Label>
      <PasswordInput
        id={`change-password-${name}`}
        autoComplete={autoComplete}
        required
        value={fields[name]}
        onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
      />
    </div>
  );

  return (
    <ActionDialog
      open={isOpen}
      onOpenChange={(open) => (open ? setOpen(true) : close())}
      trigger={
        <Button variant="outline">
          <KeyRound className="size-4" aria-hidden="true" /> Change Password
        </Button>
      }
      onSubmit={() => void submit()}
      title="Change your password"
      description="You stay signed in here; every other device signed in to your account is signed out."
      error={problem ?? (change.isError ? change.error.message : null)}
      cancelLabel="Cancel"
      action={{
        label: 'Change Password',
        pendingLabel: 'Changing...',
        isPending: change.isPending,
        disabled: Object.values(fields).some((value) => value === ''),
      }}
    >
      {field('currentPassword', 'Current Password', 'current-password')}
      {field('newPassword', 'New Password', 'new-password')}
      {field('confirmation', 'Confirm New Password', 'new-password')}
    </ActionDialog>
  );
}
