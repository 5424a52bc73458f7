import { FIRST_MESSAGE_SUGGESTION } from '@bazaar/common/messaging';
import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { ActionDialog } from '../../components/action-dialog';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { useRequireSignIn } from '../auth/use-require-sign-in';
import { useStartConversation } from './api';
import { MessageComposer } from './message-composer';

export const CONTACT_SELLER_SIGN_IN_REASON = 'Please login to contact the seller.';

/**
 * The ad page's Send Message (issue 12): signed in, a composer prefilled with the usual
 * question; Send starts (or continues) the conversation with the seller and opens it.
 * Signed out: 'Login Required' and /login, coming back to the ad afterwards.
 */
export function AskSellerButton({ adId, sellerName }: { adId: string; sellerName: string }) {
  const [isOpen, setOpen] = useState(false);
  const requireSignIn = useRequireSignIn();
  const startConversation = useStartConversation();
  const navigate = useNavigate();

  function open() {
    if (requireSignIn(CONTACT_SELLER_SIGN_IN_REASON, { redirectToLogin: true, returnHere: true }))
      setOpen(true);
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
      <Button variant="outline" onClick={open}>
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
