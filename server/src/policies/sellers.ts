import type { ResourcePolicy } from './rules';

/** What the rules need to know of a seller: whether staff suspended the account. */
export interface SellerFacts {
  suspended_at: Date | null;
}

/**
 * A seller's public page (issue 14) exists while the account is in good standing: a
 * suspended seller's page is 'Page Not Found' for everyone, as their ads are gone from
 * public lists (issue 13). Staff look at suspended accounts in /admin.
 */
export const sellerPolicy = {
  notFoundMessage: 'This seller does not exist.',
  isVisibleTo: (_actor, seller) => seller.suspended_at === null,
  actions: {
    read: { allows: () => true },
  },
} satisfies ResourcePolicy<SellerFacts>;
