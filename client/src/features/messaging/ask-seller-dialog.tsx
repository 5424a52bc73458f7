import { FIRST_MESSAGE_SUGGESTION } from '@bazaar/common/messaging';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { ActionDialog } from '../../components/action-dialog';
import { toast } from '../../components/ui/use-toast';
import { useCurrentUser } from '../auth/api';
import { useStartConversation } from './api';
import { MessageComposer } from './message-composer';

/** AskSellerButton's dialog, open while shown: Send starts the conversation and opens it. */
export function AskSellerDialog({
  adId,
  sellerName,
  onOpenChange,
}: {
  adId: string;
  sellerName: string;
  onOpenChange: (open: boolean) => void;
}) {
  const startConversation = useStartConversation();
  const { data: currentUser } = useCurrentUser();
  const navigate = useNavigate();

  function send(body: string) {
    return startConversation.mutateAsync(
      { ad_id: adId, body },
      {
        onSuccess: (sent) => {
          onOpenChange(false);
          void navigate(paths.conversation(sent.conversation_id));
        },
        onError: (error) =>
          toast({ title: 'Message not sent', description: error.message, variant: 'destructive' }),
      },
    );
  }

  return (
    <ActionDialog
      open
      onOpenChange={onOpenChange}
      title={<>Message {sellerName}</>}
      description="Ask about the item. Keep the conversation here, and never pay in advance by gift card or wire transfer."
      isPending={startConversation.isPending}
    >
      <MessageComposer
        initialText={FIRST_MESSAGE_SUGGESTION}
        draftKey={currentUser ? `${currentUser.user.id}:ad:${adId}` : undefined}
        onSend={send}
        isSending={startConversation.isPending}
        isWaitingForNetwork={startConversation.isPaused}
        label={`Message to ${sellerName}`}
        autoFocus
      />
    </ActionDialog>
  );
}
