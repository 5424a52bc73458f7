import type { AdFlagKind } from '@bazaar/common/moderation';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';

export interface AdFlagInput {
  adId: string;
  kind: AdFlagKind;
  /** `reused_photo`: the id of the other seller's ad with the matching photo; `blocked_term`: the term. */
  detail: string;
}

/**
 * Puts an automatic flag on an ad for the moderation queue, in the caller's transaction
 * (decision 0017). The same open flag (ad, kind, detail) is written once; a flag staff have
 * resolved can be raised again. Returns whether a new flag was written.
 */
export async function flagAd(executor: Executor, input: AdFlagInput): Promise<boolean> {
  const { rows } = await executor.execute<{ id: string }>(sql`
    insert into ad_flags (ad_id, kind, detail)
    values (${input.adId}, ${input.kind}, ${input.detail})
    on conflict (ad_id, kind, detail) where resolved_at is null do nothing
    returning id`);
  return rows.length > 0;
}
