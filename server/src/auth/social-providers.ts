import type { SocialProvider } from '@bazaar/common/accounts';
import type { Config } from '../config';

interface ProviderCredentials {
  clientId: string;
  clientSecret: string;
}

/** Social sign-in for each provider whose client id and secret are both configured. */
export function configuredSocialProviders(
  config: Config,
): Partial<Record<SocialProvider, ProviderCredentials>> {
  const providers: Partial<Record<SocialProvider, ProviderCredentials>> = {};
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    providers.google = { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET };
  }
  if (config.TWITTER_CLIENT_ID && config.TWITTER_CLIENT_SECRET) {
    providers.twitter = { clientId: config.TWITTER_CLIENT_ID, clientSecret: config.TWITTER_CLIENT_SECRET };
  }
  return providers;
}
