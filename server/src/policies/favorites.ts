import { isOwner, type Actor, type ResourcePolicy } from './rules';

/** What the rules need to know of a favourite: whose list it is on. */
export interface FavoriteFacts {
  user_id: string;
}

const isLiker = (actor: Actor, favorite: FavoriteFacts): boolean => isOwner(actor, favorite.user_id);

/**
 * A person's favourites are theirs alone (issue 14): nobody else, staff included, reads or
 * changes them (404, as if there were none). Taking an ad off your list never depends on
 * whether you may still see the ad.
 */
export const favoritePolicy = {
  notFoundMessage: 'This ad is not in your favorites.',
  isVisibleTo: isLiker,
  actions: {
    read: { allows: isLiker },
    remove: { allows: isLiker },
  },
} satisfies ResourcePolicy<FavoriteFacts>;
