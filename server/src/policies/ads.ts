import { isRenewable } from '@bazaar/common/ad-life';
import { AD_SOLD_VISIBLE_DAYS, DAY_MS } from '@bazaar/common/constants';
import {
  adNotFeaturable,
  adNotExpired,
  adNotActive,
  forbidden,
  ownAdFavorite,
  ownAdMessage,
  ownAdReport,
  unauthenticated,
} from '../http/errors';
import { isOwner, isStaffActor, type Actor, type ResourcePolicy } from './rules';

/** What the rules need to know of an ad. */
export interface AdFacts {
  user_id: string;
  status: string;
  /** When it was marked sold (a Date from a row, ISO text from a presented ad); absent or null unless sold. */
  sold_at?: Date | string | null;
  /** When it expires (renewal rules); absent where no rule asks. */
  expires_at?: Date | string | null;
}

/**
 * An ad is public while it is active: not while staff have hidden it, its seller is suspended
 * or it waits for review (`hidden`, `pending`, issue 13), nor once it has `expired` or been
 * `sold` (issue 14).
 */
export const isPublicAd = (ad: Pick<AdFacts, 'status'>): boolean => ad.status === 'active';

/**
 * A sold ad's page stays up, saying "Sold", for AD_SOLD_VISIBLE_DAYS after it was marked sold
 * (issue 14); it is in no list or search meanwhile, and then gone for the public.
 */
export const isShownAsSold = (ad: Pick<AdFacts, 'status' | 'sold_at'>, now: Date = new Date()): boolean =>
  ad.status === 'sold' &&
  ad.sold_at != null &&
  now.getTime() - new Date(ad.sold_at).getTime() < AD_SOLD_VISIBLE_DAYS * DAY_MS;

const isAdOwner = (actor: Actor, ad: AdFacts): boolean => isOwner(actor, ad.user_id);

/**
 * Who may see and change an ad. Everyone sees a public ad; anything else exists only for its
 * owner and for staff (404 for everyone else). Changes are the owner's.
 */
export const adPolicy = {
  notFoundMessage: 'This ad does not exist.',
  isVisibleTo: (actor, ad) =>
    isPublicAd(ad) || isShownAsSold(ad) || isAdOwner(actor, ad) || isStaffActor(actor),
  actions: {
    read: { allows: () => true },
    // Decision 0010: a write to someone else's ad is 403 even when it is hidden (its owner is
    // not a secret), so these refusals do not hide the ad.
    update: {
      allows: isAdOwner,
      refusal: () => forbidden('You can only change your own ads.'),
      refusesOpenly: true,
    },
    delete: {
      allows: isAdOwner,
      refusal: () => forbidden('You can only delete your own ads.'),
      refusesOpenly: true,
    },
    // Issue 13: featuring is bought by the owner, for an ad the public can see.
    feature: {
      allows: (actor, ad) => isAdOwner(actor, ad) && isPublicAd(ad),
      refusal: (actor, ad) =>
        isAdOwner(actor, ad) ? adNotFeaturable() : forbidden('You can only feature your own ads.'),
    },
    favorite: {
      allows: (actor, ad) => actor !== null && !isAdOwner(actor, ad),
      refusal: (actor) => (actor === null ? unauthenticated() : ownAdFavorite()),
    },
    /** Ask the seller about it (issue 12): anyone signed in but its owner, while it is public. */
    message: {
      allows: (actor, ad) => actor !== null && !isAdOwner(actor, ad) && isPublicAd(ad),
      refusal: (actor, ad) => {
        if (actor === null) return unauthenticated();
        if (isAdOwner(actor, ad)) return ownAdMessage();
        return forbidden('This ad is not public.');
      },
    },
    /** Tell the moderators about it (issue 13): anyone signed in but its owner, while it is public. */
    report: {
      allows: (actor, ad) => actor !== null && !isAdOwner(actor, ad) && isPublicAd(ad),
      refusal: (actor, ad) => {
        if (actor === null) return unauthenticated();
        if (isAdOwner(actor, ad)) return ownAdReport();
        return forbidden('This ad is not public.');
      },
    },
    /** Ask staff to look again at an ad they hid or that waits for review: its owner. */
    requestReview: {
      allows: (actor, ad) => isAdOwner(actor, ad) && !isPublicAd(ad),
      refusal: (actor, ad) =>
        isAdOwner(actor, ad)
          ? forbidden('This ad is public: there is nothing to review.')
          : forbidden('You can only ask for a review of your own ads.'),
      refusesOpenly: true,
    },
    /**
     * Give an ad another lifetime (issue 14): its owner, once it has expired or in its last days
     * (isRenewable); the quota is checked apart, for an expired ad.
     */
    renew: {
      allows: (actor, ad) => isAdOwner(actor, ad) && isRenewable(ad),
      refusal: (actor, ad) =>
        isAdOwner(actor, ad) ? adNotExpired() : forbidden('You can only renew your own ads.'),
      refusesOpenly: true,
    },
    /** Mark an active ad sold (issue 14): its owner. */
    markSold: {
      allows: (actor, ad) => isAdOwner(actor, ad) && isPublicAd(ad),
      refusal: (actor, ad) =>
        isAdOwner(actor, ad) ? adNotActive() : forbidden('You can only mark your own ads as sold.'),
      refusesOpenly: true,
    },
    /**
     * Hide, restore, dismiss its reports, feature or unfeature it from the console: staff, on
     * other people's ads (a moderator's own ad is reviewed by someone else, as nobody on the
     * staff acts on their own account: policies/staff.ts).
     */
    moderate: {
      allows: (actor, ad) => isStaffActor(actor) && !isAdOwner(actor, ad),
      refusal: (actor) => {
        if (actor === null) return unauthenticated();
        if (isStaffActor(actor)) return forbidden('Another moderator must review your own ad.');
        return forbidden('Only moderators and admins can do that.');
      },
      refusesOpenly: true,
    },
  },
} satisfies ResourcePolicy<AdFacts>;
