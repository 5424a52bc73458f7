import type { SocialProvider } from '@bazaar/common/accounts';
import { useState, type SVGProps } from 'react';
import { XBrandIcon } from '../../components/brand-icons';
import { Button } from '../../components/ui/button';
import { startSocialSignIn, useSocialProviders } from './account-actions';

/** What the spec's buttons say when the provider is not set up on this server (§8). */
export const SOCIAL_LOGIN_NOT_IMPLEMENTED = "Social login isn't implemented yet";

// Google's mark here, not with the footer's in brand-icons, which every page loads.
function GoogleIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" {...props}>
      <path
        fill="#4285F4"
        d="M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3"
      />
      <path
        fill="#34A853"
        d="M12 22c2.7 0 5-.9 6.6-2.4l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22"
      />
      <path fill="#FBBC05" d="M6.4 14c-.2-.6-.3-1.3-.3-2s.1-1.4.3-2V7.4H3.1a10 10 0 0 0 0 9.2z" />
      <path
        fill="#EA4335"
        d="M12 6c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.4L6.4 10C7.2 7.7 9.4 6 12 6"
      />
    </svg>
  );
}

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
