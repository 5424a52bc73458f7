import { MESSAGE_MAX_LENGTH } from '@bazaar/common/constants';
import { act, fireEvent, render, screen } from '@testing-library/react';
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

  it('sends once for a second Enter or click before the page says it is sending', async () => {
    let answer: () => void = () => undefined;
    const onSend = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    // isSending stays false: the render that would say so has not come yet.
    render(<MessageComposer onSend={onSend} isSending={false} label="Message" />);
    const field = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(field, { target: { value: 'Is it still available?' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledOnce();
    await act(async () => answer());
    expect(field).toHaveValue('');
  });

  it('says a message waits while the browser is offline', () => {
    render(
      <MessageComposer onSend={() => Promise.resolve()} isSending isWaitingForNetwork label="Message" />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline: the message goes as soon as you are back online.',
    );
  });

  it('keeps an unsent text under its draft key only, and forgets it once sent', async () => {
    const onSend = vi.fn(() => Promise.resolve());
    const composer = (draftKey: string) => (
      <MessageComposer
        draftKey={draftKey}
        initialText="Hi"
        onSend={onSend}
        isSending={false}
        label="Message"
      />
    );
    const first = render(composer('maria:conversation:1'));
    const field = () => screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(field(), { target: { value: 'Would you take 200?' } });
    first.unmount();

    const other = render(composer('james:conversation:1'));
    expect(field()).toHaveValue('Hi');
    other.unmount();

    const again = render(composer('maria:conversation:1'));
    expect(field()).toHaveValue('Would you take 200?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(field()).toHaveValue('');
    again.unmount();

    render(composer('maria:conversation:1'));
    expect(field()).toHaveValue('Hi');
  });
});
