import { MessageCircle } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { Button } from '../../components/ui/button';
import { lazyComponent } from '../../lib/lazy-component';
import { useCurrentUser } from '../auth/api';
import { useRequireSignIn } from '../auth/use-require-sign-in';
import { useConversationAbout } from './api';

// Opened after a press, by those signed in who have not asked yet: not in the ad page's first load.
const AskSellerDialog = lazyComponent(async () => (await import('./ask-seller-dialog')).AskSellerDialog);

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
  const navigate = useNavigate();

  async function open() {
    if (!requireSignIn(CONTACT_SELLER_SIGN_IN_REASON, { redirectToLogin: true, returnHere: true })) return;
    // Pressed before the answer came: wait for it. Unknown (an error): the composer, whose
    // message the server adds to the conversation anyway.
    const conversationId = askedIn.isSuccess ? askedIn.data : (await askedIn.refetch()).data;
    if (conversationId) void navigate(paths.conversation(conversationId));
    else setOpen(true);
  }

  return (
    <>
      <Button variant="outline" onClick={() => void open()} aria-haspopup="dialog" aria-expanded={isOpen}>
        <MessageCircle /> Send Message
      </Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <AskSellerDialog adId={adId} sellerName={sellerName} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
