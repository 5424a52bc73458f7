import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ActionDialog, type DialogAction } from './action-dialog';
import { Button } from './ui/button';

function Harness({
  action,
  onSubmit,
  error,
}: {
  action?: DialogAction;
  onSubmit?: () => void;
  error?: string;
}) {
  const [isOpen, setOpen] = useState(false);
  return (
    <ActionDialog
      open={isOpen}
      onOpenChange={setOpen}
      trigger={<Button>Open</Button>}
      title="Delete this thing?"
      description="It cannot be undone."
      error={error}
      cancelLabel="Keep It"
      action={action}
      onSubmit={onSubmit}
    >
      <label>
        Name <input />
      </label>
    </ActionDialog>
  );
}

describe('ActionDialog', () => {
  it('opens from its trigger, names itself, and Cancel closes it and gives the focus back', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<Harness action={{ label: 'Delete', onClick }} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this thing?' });
    expect(dialog).toHaveAccessibleDescription('It cannot be undone.');
    await user.click(screen.getByRole('button', { name: 'Keep It' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    expect(onClick).not.toHaveBeenCalled();
  });

  it.each([
    ['rendered all along', false],
    ['rendered only while open', true],
  ])(
    'without a trigger (%s), gives the focus back on Escape to what opened it',
    async (_, unmountsWhenClosed) => {
      const user = userEvent.setup();
      function OpensAfterACheck() {
        const [isOpen, setOpen] = useState(false);
        const dialog = (
          <ActionDialog
            open={isOpen}
            onOpenChange={setOpen}
            title="Report"
            description="Why?"
            cancelLabel="Cancel"
          >
            {/* A field that takes the focus itself as it appears, as the message composer does. */}
            <textarea aria-label="Message" autoFocus />
          </ActionDialog>
        );
        return (
          <>
            <Button onClick={() => setOpen(true)}>Report this ad</Button>
            {unmountsWhenClosed ? (isOpen ? dialog : null) : dialog}
          </>
        );
      }
      render(<OpensAfterACheck />);
      await user.click(screen.getByRole('button', { name: 'Report this ad' }));
      expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Report this ad' })).toHaveFocus();
    },
  );

  it('runs the action; while it is pending shows the pending label and blocks both buttons', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(<Harness action={{ label: 'Delete', onClick }} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onClick).toHaveBeenCalledOnce();
    rerender(<Harness action={{ label: 'Delete', pendingLabel: 'Deleting...', isPending: true, onClick }} />);
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Keep It' })).toBeDisabled();
  });

  it('stays open while its request is under way, so its answer is heard; offline it can be closed', async () => {
    const user = userEvent.setup();
    render(<Harness action={{ label: 'Delete', pendingLabel: 'Deleting...', isPending: true }} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Keep It' })).toBeDisabled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    // Offline the request waits for the network, for as long as that takes.
    act(() => onlineManager.setOnline(false));
    try {
      await user.click(screen.getByRole('button', { name: 'Keep It' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    } finally {
      act(() => onlineManager.setOnline(true));
    }
  });

  it('as a form, submits with Enter in a field and shows an error as an alert', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness action={{ label: 'Delete' }} onSubmit={onSubmit} error="Wrong password." />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Wrong password.');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'x{Enter}');
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('without an action shows only the body and Cancel', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Keep It', 'Close']);
  });
});
