import { MESSAGE_MAX_LENGTH } from '@bazaar/common/constants';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessageComposer } from './message-composer';

function renderComposer() {
  const onSend = vi.fn(() => Promise.resolve());
  render(<MessageComposer onSend={onSend} isSending={false} label="Message to Maria" />);
  const field = screen.getByRole('textbox', { name: 'Message to Maria' });
  return { onSend, field };
}

describe('MessageComposer', () => {
  it('counts and sends the text without the spaces around it, as the server counts it', async () => {
    const { onSend, field } = renderComposer();
    const longest = 'x'.repeat(MESSAGE_MAX_LENGTH);
    fireEvent.change(field, { target: { value: `  ${longest}\n` } });
    expect(field).toHaveAccessibleDescription(/^2,000 \/ 2,000 characters/);
    expect(field).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith(longest);
  });

  it('refuses one character more, and only spaces', () => {
    const { field } = renderComposer();
    fireEvent.change(field, { target: { value: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) } });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    fireEvent.change(field, { target: { value: '   ' } });
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('says a message waits while the browser is offline', () => {
    render(
      <MessageComposer onSend={() => Promise.resolve()} isSending isWaitingForNetwork label="Message" />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline: the message goes as soon as you are back online.',
    );
  });
});
