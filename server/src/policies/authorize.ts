import { forbidden, notFound } from '../http/errors';
import { adPolicy } from './ads';
import { conversationPolicy } from './conversations';
import { favoritePolicy } from './favorites';
import { notificationPolicy } from './notifications';
import { savedSearchPolicy } from './saved-searches';
import { consolePolicy, userPolicy } from './staff';
import type { Actor, ResourcePolicy } from './rules';
import { sellerPolicy } from './sellers';

export type { Actor } from './rules';

/**
 * Every kind of resource with its rules, in one place (docs/decisions/0015). A new feature adds
 * its resource here and asks `authorize` in its routes.
 */
const policies = {
  ad: adPolicy,
  conversation: conversationPolicy,
  notification: notificationPolicy,
  console: consolePolicy,
  user: userPolicy,
  favorite: favoritePolicy,
  seller: sellerPolicy,
  savedSearch: savedSearchPolicy,
};

type Policies = typeof policies;
export type ResourceKind = keyof Policies;
type ResourceOf<Kind extends ResourceKind> = Parameters<Policies[Kind]['isVisibleTo']>[1];
export type ActionOn<Kind extends ResourceKind> = keyof Policies[Kind]['actions'] & string;

/**
 * The resource asked about, named by its kind (`{ ad }`), as the caller has it (any row with
 * the facts the rules read). Undefined when there is no such row.
 */
type ResourceRef<Kind extends ResourceKind, Resource> = Record<Kind, Resource | undefined>;

function resolve<Kind extends ResourceKind, Resource extends ResourceOf<Kind>>(
  ref: ResourceRef<Kind, Resource>,
) {
  const kind = Object.keys(ref)[0] as Kind;
  const policy = policies[kind] as unknown as ResourcePolicy<Resource>;
  return { policy, resource: ref[kind] };
}

/** May the actor do this to the resource? It must exist for them, and the action be theirs. */
export function can<Kind extends ResourceKind, Resource extends ResourceOf<Kind>>(
  actor: Actor,
  action: ActionOn<Kind>,
  ref: ResourceRef<Kind, Resource>,
): boolean {
  const { policy, resource } = resolve(ref);
  if (resource === undefined) return false;
  return policy.isVisibleTo(actor, resource) && policy.actions[action]!.allows(actor, resource);
}

/**
 * Throws unless the actor may do this: 404 when the resource does not exist for them (as if
 * there were no such id), 403 when they see it but may not do it. Returns the resource.
 */
export function authorize<Kind extends ResourceKind, Resource extends ResourceOf<Kind>>(
  actor: Actor,
  action: ActionOn<Kind>,
  ref: ResourceRef<Kind, Resource>,
): Resource {
  const { policy, resource } = resolve(ref);
  if (resource === undefined) throw notFound(policy.notFoundMessage);
  const rule = policy.actions[action]!;
  if (policy.isVisibleTo(actor, resource) && rule.allows(actor, resource)) return resource;
  if (!policy.isVisibleTo(actor, resource) && !rule.refusesOpenly) throw notFound(policy.notFoundMessage);
  throw rule.refusal?.(actor, resource) ?? forbidden();
}
