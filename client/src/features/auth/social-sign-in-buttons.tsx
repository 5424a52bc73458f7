import type { SocialProvider } from '@bazaar/common/accounts';
import { useState } from 'react';
import { GoogleIcon, XBrandIcon } from '../../components/brand-icons';
import { Button } from '../../components/ui/button';
import { startSocialSignIn, useSocialProviders } from './account-actions';

/** What the spec's buttons say when the provider is not set up on this server (§8). */
export const SOCIAL_LOGIN_NOT_IMPLEMENTED = "Social login isn't implemented yet";

const providers: { id: SocialProvider; label: string; Icon: typeof GoogleIcon }[] = [
  { id: 'google', label: 'Google', Icon: GoogleIcon },
  { id: 'twitter', label: 'Twitter', Icon: XBrandIcon },
];

/**
 * Google and Twitter: real when the server has their credentials, else the spec's alert. A
 * sign-in that cannot start is the form's failure: `onFailure` says it with the form's own.
 */
export function SocialSignInButtons({ onFailure }: { onFailure: (error: unknown) => void }) {
  const { data } = useSocialProviders();
  const [startingProvider, setStartingProvider] = useState<SocialProvider | null>(null);

  async function signInWith(provider: SocialProvider) {
    if (!data?.providers.includes(provider)) {
      window.alert(SOCIAL_LOGIN_NOT_IMPLEMENTED);
      return;
    }
    setStartingProvider(provider);
    try {
      await startSocialSignIn(provider);
    } catch (error) {
      setStartingProvider(null);
      onFailure(error);
    }
  }

  return (
    <div>
      <div className="my-6 flex items-center gap-3 text-xs text-muted-foreground uppercase">
        <span className="h-px flex-1 bg-border" />
        Or continue with
        <span className="h-px flex-1 bg-border" />
      </div>
      <div className="grid grid-cols-2 gap-3">
        {providers.map(({ id, label, Icon }) => (
          <Button
            key={id}
            variant="outline"
            disabled={startingProvider !== null}
            onClick={() => void signInWith(id)}
          >
            <Icon className="size-4" /> {label}
          </Button>
        ))}
      </div>
    </div>
  );
}
