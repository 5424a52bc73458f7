import { MESSAGE_MAX_LENGTH } from '@bazaar/common/constants';
import { Send } from 'lucide-react';
import { useId, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { cn } from '../../lib/cn';
import { formatNumber } from '../../lib/format';
import { useDraft } from '../../lib/use-draft';
import { useOneAtATime } from '../../lib/use-one-at-a-time';

/**
 * The message box (issue 12): Enter sends, Shift+Enter starts a new line; at most 2 000
 * characters, with a counter. `onSend` resolves once the message is stored; the box is then
 * emptied (and keeps the text when sending failed). Offline, a message waits to be sent
 * (`isWaitingForNetwork`) and the box says so. With a `draftKey`, the text also outlives the box
 * until it is sent (useDraft): a session ending mid-message loses nothing.
 */
export function MessageComposer({
  initialText = '',
  draftKey,
  onSend,
  isSending,
  isWaitingForNetwork = false,
  label = 'Message',
  autoFocus = false,
  className,
}: {
  initialText?: string;
  draftKey?: string;
  onSend: (text: string) => Promise<unknown>;
  isSending: boolean;
  /** The message is sent once the browser is online again. */
  isWaitingForNetwork?: boolean;
  label?: string;
  autoFocus?: boolean;
  className?: string;
}) {
  const [text, setText] = useDraft(draftKey, initialText);
  const fieldId = useId();
  const counterId = useId();
  // What is sent, and counted by the server: spaces around the text are left out.
  const body = text.trim();
  const isTooLong = body.length > MESSAGE_MAX_LENGTH;
  const canSend = body.length > 0 && !isTooLong && !isSending;

  const send = useOneAtATime(async () => {
    if (!canSend) return;
    try {
      await onSend(body);
      setText('');
    } catch {
      // The caller has said what went wrong; the text stays for another try.
    }
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  return (
    <form onSubmit={submit} className={cn('space-y-2', className)}>
      <Label htmlFor={fieldId} className="sr-only">
        {label}
      </Label>
      <Textarea
        id={fieldId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={handleKeyDown}
        placeholder="Write a message…"
        aria-describedby={counterId}
        aria-invalid={isTooLong || undefined}
        autoFocus={autoFocus}
        className="min-h-20 resize-y"
      />
      <div className="flex items-center justify-between gap-3">
        <p id={counterId} className={cn('text-xs text-muted-foreground', isTooLong && 'text-destructive')}>
          {isWaitingForNetwork ? (
            <span role="status" className="block font-medium text-foreground">
              You are offline: the message goes as soon as you are back online.
            </span>
          ) : null}
          {formatNumber(body.length)} / {formatNumber(MESSAGE_MAX_LENGTH)} characters · Enter to send,
          Shift+Enter for a new line
        </p>
        <Button type="submit" disabled={!canSend}>
          <Send /> {isSending ? 'Sending...' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
