/**
 * Every page of the site (spec §2), written once: the client's router declares its routes
 * with these patterns, links are built with `paths`, and the server matches request paths
 * against the same patterns (e.g. to preload a page's code).
 *
 * A pattern is written as react-router and Fastify write it: `:name` stands for one
 * path segment.
 */
export const routePatterns = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  /** Where the e-mailed reset link leads. */
  resetPassword: '/reset-password',
  /** Where the auth library sends the browser after a confirmation link (`?error=` when bad). */
  emailVerified: '/email-verified',
  dashboard: '/dashboard',
  postAd: '/post-ad',
  ad: '/ad/:id',
  editAd: '/ad/:id/edit',
  category: '/category/:category',
  search: '/search',
  profile: '/profile',
  subscription: '/subscription',
  /** The moderation console, for moderators and admins (issue 13). */
  admin: '/admin',
  messages: '/messages',
  conversation: '/messages/:id',
  /** The signed-in person's liked ads (issue 14). */
  favorites: '/favorites',
  /** The signed-in person's saved searches and their alerts (issue 14). */
  savedSearches: '/saved-searches',
  /** A seller's public page (issue 14). */
  seller: '/seller/:id',
  help: '/help',
  safety: '/safety',
  terms: '/terms',
  privacy: '/privacy',
} as const;

export type RouteName = keyof typeof routePatterns;

const segment = (value: string) => encodeURIComponent(value);

/** Links to the site's pages, built from `routePatterns`. */
export const paths = {
  home: routePatterns.home,
  login: routePatterns.login,
  register: routePatterns.register,
  forgotPassword: routePatterns.forgotPassword,
  resetPassword: routePatterns.resetPassword,
  emailVerified: routePatterns.emailVerified,
  dashboard: routePatterns.dashboard,
  postAd: routePatterns.postAd,
  ad: (id: string) => routePatterns.ad.replace(':id', () => segment(id)),
  editAd: (id: string) => routePatterns.editAd.replace(':id', () => segment(id)),
  category: (id: string) => routePatterns.category.replace(':category', () => segment(id)),
  profile: routePatterns.profile,
  subscription: routePatterns.subscription,
  admin: routePatterns.admin,
  messages: routePatterns.messages,
  conversation: (id: string) => routePatterns.conversation.replace(':id', () => segment(id)),
  favorites: routePatterns.favorites,
  savedSearches: routePatterns.savedSearches,
  seller: (id: string) => routePatterns.seller.replace(':id', () => segment(id)),
  help: routePatterns.help,
  safety: routePatterns.safety,
  terms: routePatterns.terms,
  privacy: routePatterns.privacy,
  search: (query?: string) =>
    query ? `${routePatterns.search}?q=${encodeURIComponent(query)}` : routePatterns.search,
} as const;

/** `pathname` without a trailing slash, which opens the same page as it (the client's router ignores it). */
export function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** The pattern of the page `pathname` (no query, no trailing slash) opens; undefined when it opens none. */
export function pagePatternOf(pathname: string): string | undefined {
  return Object.values(routePatterns).find((pattern) => matchesRoutePattern(pattern, pathname));
}

/** Does `pathname` (no query) open the page of `pattern`? A `:name` segment matches one non-empty segment. */
export function matchesRoutePattern(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/');
  const actual = pathname.split('/');
  return (
    wanted.length === actual.length &&
    wanted.every((part, index) => (part.startsWith(':') ? actual[index] !== '' : part === actual[index]))
  );
}
