import type { Role } from '@bazaar/common/roles';
import { forbidden, unauthenticated } from '../http/errors';
import { isOwner, isStaffActor, type Actor, type ResourcePolicy } from './rules';

const isAdminActor = (actor: Actor): boolean => actor !== null && actor.role === 'admin';

/** The moderation console as a whole: the facts are none, the question is who is asking. */
export type ConsoleFacts = Record<string, never>;
export const CONSOLE: ConsoleFacts = {};

const staffOnly = (actor: Actor) =>
  actor === null ? unauthenticated() : forbidden('Only moderators and admins can do that.');

/**
 * Who may use the moderation console (issue 13, decision 0017): staff (moderators and admins)
 * use it; only admins hand out roles. Everyone else is refused openly: 401 signed out, 403
 * signed in, before anything is looked up.
 */
export const consolePolicy = {
  notFoundMessage: 'Not found.',
  isVisibleTo: (_actor: Actor, _console: ConsoleFacts) => true,
  actions: {
    use: { allows: isStaffActor, refusal: staffOnly },
    manageRoles: {
      allows: isAdminActor,
      refusal: (actor) => (actor === null ? unauthenticated() : forbidden('Only admins can change roles.')),
    },
  },
} satisfies ResourcePolicy<ConsoleFacts>;

/** What the rules need to know of a person staff act on. */
export interface UserFacts {
  id: string;
  role: Role;
}

/** Moderators act on users; admins on users and moderators; nobody on an admin or on themselves. */
const outranks = (actor: Actor, user: UserFacts): boolean => {
  if (actor === null || isOwner(actor, user.id) || user.role === 'admin') return false;
  return actor.role === 'admin' || (actor.role === 'moderator' && user.role === 'user');
};

const refuseOnUser = (verb: string) => (actor: Actor, user: UserFacts) => {
  if (!isStaffActor(actor)) return staffOnly(actor);
  if (isOwner(actor, user.id)) return forbidden(`You can't ${verb} your own account.`);
  if (user.role === 'admin')
    return forbidden(`Admins can't be ${verb === 'suspend' ? 'suspended' : 'changed'} here.`);
  return forbidden(`Only admins can ${verb} a moderator.`);
};

/**
 * People as staff see them in the console. Only staff see them at all (everyone else is
 * refused openly by the console policy first); suspending and restoring need a lower rank.
 */
export const userPolicy = {
  notFoundMessage: 'This user does not exist.',
  isVisibleTo: (actor: Actor, _user: UserFacts) => isStaffActor(actor),
  actions: {
    read: { allows: isStaffActor, refusal: staffOnly, refusesOpenly: true },
    suspend: { allows: outranks, refusal: refuseOnUser('suspend'), refusesOpenly: true },
    restore: { allows: outranks, refusal: refuseOnUser('restore'), refusesOpenly: true },
    /** Grant or take back the moderator role: admins, on anyone but an admin or themselves. */
    setRole: {
      allows: (actor, user) => isAdminActor(actor) && outranks(actor, user),
      refusal: (actor, user) =>
        isAdminActor(actor)
          ? refuseOnUser('change the role of')(actor, user)
          : actor === null
            ? unauthenticated()
            : forbidden('Only admins can change roles.'),
      refusesOpenly: true,
    },
  },
} satisfies ResourcePolicy<UserFacts>;
