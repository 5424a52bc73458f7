import { isOwner, type Actor, type ResourcePolicy } from './rules';

/** What the rules need to know of a saved search: whose it is. */
export interface SavedSearchFacts {
  user_id: string;
}

const isSearcher = (actor: Actor, savedSearch: SavedSearchFacts): boolean =>
  isOwner(actor, savedSearch.user_id);

/**
 * A saved search and its alerts are their owner's alone (issue 14): for anyone else, staff
 * included, it does not exist (404), so its id reveals nothing.
 */
export const savedSearchPolicy = {
  notFoundMessage: 'This saved search does not exist.',
  isVisibleTo: isSearcher,
  actions: {
    read: { allows: isSearcher },
    /** Run (reset "N new"), rename, change the alert frequency, delete. */
    write: { allows: isSearcher },
  },
} satisfies ResourcePolicy<SavedSearchFacts>;
