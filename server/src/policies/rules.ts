import { isStaff, type Role } from '@bazaar/common/roles';
import type { AppError } from '../http/errors';

/** Who is asking: a signed-in person with their role, or an anonymous visitor (null). */
export type Actor = { id: string; role: Role } | null;

export const isOwner = (actor: Actor, ownerId: string | null): boolean =>
  actor !== null && actor.id === ownerId;
export const isStaffActor = (actor: Actor): boolean => actor !== null && isStaff(actor.role);

export interface ActionRule<Resource> {
  allows: (actor: Actor, resource: Resource) => boolean;
  /** The 403 for an actor who sees the resource but may not do this; `forbidden` by default. */
  refusal?: (actor: Actor, resource: Resource) => AppError;
  /** Refuse with 403 even where the resource is not visible to the actor (decision 0010). */
  refusesOpenly?: boolean;
}

export interface ResourcePolicy<Resource> {
  /** The 404's message when the resource does not exist for the actor. */
  notFoundMessage: string;
  isVisibleTo: (actor: Actor, resource: Resource) => boolean;
  actions: Record<string, ActionRule<Resource>>;
}
