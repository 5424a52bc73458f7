import { FIRST_MESSAGE_SUGGESTION } from '@bazaar/common/messaging';
import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { ActionDialog } from '../../components/action-dialog';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { useCurrentUser } from '../auth/api';
import { useRequireSignIn } from '../auth/use-require-sign-in';
import { useConversationAbout, useStartConversation } from './api';
import { MessageComposer } from './message-composer';

export const CONTACT_SELLER_SIGN_IN_REASON = 'Please login to contact the seller.';

/**
 * The ad page's Send Message (issue 12): signed in, a composer prefilled with the usual
 * question; Send starts the conversation with the seller and opens it. Someone who has asked
 * already goes straight to that conversation, so the greeting is not offered twice.
 * Signed out: 'Login Required' and /login, coming back to the ad afterwards.
 */
export function AskSellerButton({ adId, sellerName }: { adId: string; sellerName: string }) {
  const [isOpen, setOpen] = useState(false);
  const requireSignIn = useRequireSignIn();
  const { data: currentUser } = useCurrentUser();
  const askedIn = useConversationAbout(adId, Boolean(currentUser));
  const startConversation = useStartConversation();
  const navigate = useNavigate();

  async function open() {
    if (!requireSignIn(CONTACT_SELLER_SIGN_IN_REASON, { redirectToLogin: true, returnHere: true })) return;
    // Pressed before the answer came: wait for it. Unknown (an error): the composer, whose
    // message the server adds to the conversation anyway.
    const conversationId = askedIn.isSuccess ? askedIn.data : (await askedIn.refetch()).data;
    if (conversationId) void navigate(paths.conversation(conversationId));
    else setOpen(true);
  }

  function send(body: string) {
    return startConversation.mutateAsync(
      { ad_id: adId, body },
      {
        onSuccess: (sent) => {
          setOpen(false);
          void navigate(paths.conversation(sent.conversation_id));
        },
        onError: (error) =>
          toast({ title: 'Message not sent', description: error.message, variant: 'destructive' }),
      },
    );
  }

  return (
    <>
      <Button variant="outline" onClick={() => void open()}>
        <MessageCircle /> Send Message
      </Button>
      <ActionDialog
        open={isOpen}
        onOpenChange={setOpen}
        title={<>Message {sellerName}</>}
        description="Ask about the item. Keep the conversation here, and never pay in advance by gift card or wire transfer."
      >
        <MessageComposer
          initialText={FIRST_MESSAGE_SUGGESTION}
          onSend={send}
          isSending={startConversation.isPending}
          isWaitingForNetwork={startConversation.isPaused}
          label={`Message to ${sellerName}`}
          autoFocus
        />
      </ActionDialog>
    </>
  );
}
