import type { AdDetail } from '@bazaar/common/ads';
import { BadgeCheck, Phone } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useRequireSignIn } from '../../auth/use-require-sign-in';
import { AskSellerButton, CONTACT_SELLER_SIGN_IN_REASON } from '../../messaging/ask-seller-button';
import { useReaderDates } from '../../../lib/use-reader-dates';
import { useAdContact } from '../api';

function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? '')).toUpperCase() || '?';
}

/**
 * Seller info (spec §2): name (a link to the seller's page, issue 14), verified tick,
 * member-since year and the phone number when the seller shows it. The number is given to signed-in users only, on request, so that it
 * cannot be collected from public pages.
 */
export function SellerCard({
  ad,
  isSignedIn,
  isOwner,
  isSessionKnown,
}: {
  ad: AdDetail;
  isSignedIn: boolean;
  isOwner: boolean;
  /**
   * False until the browser knows who is there (and in the server's HTML, which is a
   * visitor's): the contact buttons wait as placeholders of their size, so the owner never
   * sees them and nobody signed in is asked to log in by pressing one early.
   */
  isSessionKnown: boolean;
}) {
  const { seller } = ad;
  const dates = useReaderDates();
  const requireSignIn = useRequireSignIn();
  const [wantsContact, setWantsContact] = useState(false);
  const isSold = ad.status === 'sold';
  const contact = useAdContact(ad.id, isSignedIn && seller.phone_visible && (wantsContact || isOwner));

  function contactSeller() {
    if (!requireSignIn(CONTACT_SELLER_SIGN_IN_REASON)) return;
    setWantsContact(true);
    if (contact.isError) void contact.refetch();
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Seller Information</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent font-semibold text-accent-foreground"
          >
            {initialsOf(seller.name)}
          </span>
          <div className="min-w-0">
            <p className="flex items-center gap-1 font-semibold">
              <Link
                to={paths.seller(seller.id)}
                className="min-w-0 truncate text-primary underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
              >
                {seller.name}
              </Link>
              {seller.verified ? (
                <BadgeCheck className="size-4 shrink-0 text-primary" aria-label="Verified seller" />
              ) : null}
            </p>
            <p className="text-sm text-muted-foreground">Member since {dates.year(seller.member_since)}</p>
          </div>
        </div>
        {/* A sold ad (issue 14) takes no more questions: the server refuses new conversations,
            and no button reveals the number. */}
        {isSold && !isOwner ? null : (
          <p className="flex items-center gap-2 text-sm">
            <Phone className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <PhoneLine
              isVisible={seller.phone_visible}
              isRevealed={Boolean(contact.data)}
              phone={contact.data?.phone ?? null}
              isLoading={contact.isFetching && !contact.data}
              error={contact.error?.message}
            />
          </p>
        )}
        {isOwner || isSold ? null : !isSessionKnown ? (
          <div className="grid gap-2" aria-hidden="true">
            <Skeleton className="h-10" />
            {seller.accepts_messages ? <Skeleton className="h-10" /> : null}
          </div>
        ) : (
          <div className="grid gap-2">
            <Button onClick={contactSeller}>
              <Phone /> Contact Seller
            </Button>
            {seller.accepts_messages ? <AskSellerButton adId={ad.id} sellerName={seller.name} /> : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function PhoneLine({
  isVisible,
  isRevealed,
  phone,
  isLoading,
  error,
}: {
  isVisible: boolean;
  isRevealed: boolean;
  phone: string | null;
  isLoading: boolean;
  /** Why the number could not be had, e.g. too many looked up. */
  error?: string;
}) {
  if (!isVisible) return <span className="text-muted-foreground">Phone number hidden by the seller</span>;
  if (isLoading) return <span className="text-muted-foreground">Loading…</span>;
  if (error)
    return (
      <span role="alert" className="text-destructive">
        {error}
      </span>
    );
  if (!isRevealed)
    return <span className="text-muted-foreground">Press Contact Seller to see the number</span>;
  if (!phone) return <span className="text-muted-foreground">No phone number given</span>;
  return (
    <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="font-medium text-primary hover:underline">
      {phone}
    </a>
  );
}
