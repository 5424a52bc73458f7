import type { AdStatus } from '@bazaar/common/ads';
import type { Executor } from '../db/database';
import { findAdWithSamePhotoOfOtherSeller, type PhotoHash } from '../media/photo-hashes';
import { flagAd } from '../moderation/flags';
import type { AdModerationSettings } from './ad-moderation-settings';

/** The words staff review of an ad: its title and description. */
const reviewedText = ({ title, description }: { title: string; description: string }) =>
  `${title}\n${description}`;

export interface Review {
  status: Extract<AdStatus, 'active' | 'pending'>;
  /** The blocked term the ad's text holds, or null. */
  blockedTerm: string | null;
}

/**
 * Issue 13: a new ad is public at once unless its text holds a blocked term or every ad waits
 * for review (MODERATION=pre); then it is saved as `pending`, "Under review" to its owner.
 */
export function reviewNewAd(
  settings: AdModerationSettings,
  fields: { title: string; description: string },
): Review {
  const blockedTerm = settings.findBlockedTerm(reviewedText(fields));
  return { status: blockedTerm !== null || settings.mode === 'pre' ? 'pending' : 'active', blockedTerm };
}

/**
 * The status of an ad after its owner's edit. A public ad goes back to review when its new
 * title or description holds a blocked term, or on any edit under MODERATION=pre; an ad
 * already pending or hidden by staff stays so (the owner asks for review of a hidden one).
 */
export function reviewEditedAd(
  settings: AdModerationSettings,
  ad: { status: AdStatus; title: string; description: string },
  isTextChanged: boolean,
): { status: AdStatus; blockedTerm: string | null } {
  const blockedTerm = isTextChanged ? settings.findBlockedTerm(reviewedText(ad)) : null;
  if (ad.status !== 'active') return { status: ad.status, blockedTerm };
  return { status: blockedTerm !== null || settings.mode === 'pre' ? 'pending' : 'active', blockedTerm };
}

/**
 * Raises the automatic flags of a posted or edited ad for the moderation queue, in the
 * transaction that saves it: the blocked term its text holds, and another seller's ad showing
 * one of its new photos (reused photos are a common scam: someone else's goods).
 */
export async function flagAutomatically(
  executor: Executor,
  {
    adId,
    userId,
    blockedTerm,
    photoHashes,
  }: { adId: string; userId: string; blockedTerm: string | null; photoHashes: PhotoHash[] },
): Promise<void> {
  if (blockedTerm !== null) await flagAd(executor, { adId, kind: 'blocked_term', detail: blockedTerm });
  const reusedFrom = await findAdWithSamePhotoOfOtherSeller(executor, { userId, photoHashes });
  if (reusedFrom !== null) await flagAd(executor, { adId, kind: 'reused_photo', detail: reusedFrom });
}
