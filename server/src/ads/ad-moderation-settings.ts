import type { Config } from '../config';
import { createBlockedTermFinder } from './blocked-terms';

/** What automatic moderation of posted and edited ads follows (issue 13; README's settings). */
export interface AdModerationSettings {
  postingLimitPerHour: number;
  /** post: public at once, reviewed when flagged; pre: every new or edited ad waits for staff. */
  mode: 'post' | 'pre';
  findBlockedTerm: (text: string) => string | null;
}

export function adModerationSettingsOf(
  config: Pick<Config, 'POSTING_LIMIT_PER_HOUR' | 'MODERATION' | 'BLOCKED_TERMS'>,
): AdModerationSettings {
  return {
    postingLimitPerHour: config.POSTING_LIMIT_PER_HOUR,
    mode: config.MODERATION,
    findBlockedTerm: createBlockedTermFinder(config.BLOCKED_TERMS),
  };
}
