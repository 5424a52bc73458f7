import * as z from 'zod';

/**
 * The body of an action that takes nothing (renew, restore, dismiss, ask for a review...):
 * none at all, or `{}`; anything in it is refused. A POST sent without a body reaches the
 * validator as null, which a plain optional object refused.
 */
export const noBodySchema = z.strictObject({}).nullish();
