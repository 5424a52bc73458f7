import type { Config } from '../config';

/** What automatic moderation of posted and edited ads follows (issue 13; README's settings). */
export interface AdModerationSettings {
  postingLimitPerHour: number;
}

export function adModerationSettingsOf(config: Pick<Config, 'POSTING_LIMIT_PER_HOUR'>): AdModerationSettings {
  return { postingLimitPerHour: config.POSTING_LIMIT_PER_HOUR };
}
