import { matchesRoutePattern, routePatterns, withoutTrailingSlash } from '@bazaar/common/site-paths';

/**
 * Pages that are someone's own (signed-in areas, forms, the moderation console, the
 * subscription checkout) or the sign-in flow: never worth indexing. robots.txt disallows them
 * and their shell is served with `X-Robots-Tag: noindex`.
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

/**
 * What robots.txt disallows: each private page's pattern with its `:name` segments written as
 * robots.txt's `*` wildcard (an ad's edit page is private while the ad's page is public). A rule matches by prefix,
 * so `/messages` covers every conversation.
 */
function disallowedPaths(): string[] {
  const pages = privatePagePatterns.map((pattern) => pattern.replace(/:[^/]+/g, '*'));
  return [...new Set([...pages, '/api/', '/checkout/'])];
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowedPaths().map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
