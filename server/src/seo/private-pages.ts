import { matchesRoutePattern, routePatterns, withoutTrailingSlash } from '@bazaar/common/site-paths';

/**
 * Pages that are someone's own (signed-in areas, forms, the moderation console, the
 * subscription checkout) or the sign-in flow: never worth indexing. Their shell is served with
 * `X-Robots-Tag: noindex`, which robots.txt leaves crawlers free to read: a page it disallowed
 * could still be indexed by its address alone, from links to it.
 */
export const privatePagePatterns: readonly string[] = [
  routePatterns.dashboard,
  routePatterns.postAd,
  routePatterns.editAd,
  routePatterns.profile,
  routePatterns.subscription,
  routePatterns.admin,
  routePatterns.messages,
  routePatterns.conversation,
  routePatterns.favorites,
  routePatterns.savedSearches,
  routePatterns.login,
  routePatterns.register,
  routePatterns.forgotPassword,
  routePatterns.resetPassword,
  routePatterns.emailVerified,
];

/** Does `pathname` (no query) open a private page? A trailing slash counts as the same page. */
export function isPrivatePage(pathname: string): boolean {
  const trimmed = withoutTrailingSlash(pathname);
  return privatePagePatterns.some((pattern) => matchesRoutePattern(pattern, trimmed));
}

/** What is not a page at all: the API, and the payment provider's return addresses. */
const DISALLOWED_PATHS = ['/api/', '/checkout/'];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
