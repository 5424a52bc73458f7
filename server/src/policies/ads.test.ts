import type { Role } from '@bazaar/common/roles';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { authorize, can, type Actor, type ActionOn } from './authorize';

const OWNER = '00000000-0000-4000-8000-000000000001';
const actors: Record<string, Actor> = {
  anonymous: null,
  owner: { id: OWNER, role: 'user' },
  other: { id: '00000000-0000-4000-8000-000000000002', role: 'user' },
  moderator: { id: '00000000-0000-4000-8000-000000000003', role: 'moderator' },
  admin: { id: '00000000-0000-4000-8000-000000000004', role: 'admin' },
};

/** What `authorize` answers: 'ok', or the refusal's status and code. */
function outcome(actor: Actor, action: ActionOn<'ad'>, status: string): string {
  try {
    authorize(actor, action, { ad: { user_id: OWNER, status } });
    return 'ok';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return `${error.statusCode} ${error.code}`;
  }
}

type Row = [action: ActionOn<'ad'>, status: string, expected: Record<keyof typeof actors, string>];

// Decision 0010 and docs/decisions/0015: a non-public ad exists only for its owner and staff;
// changes are the owner's; writes to someone else's ad are 403 even when it is hidden.
const table: Row[] = [
  ['read', 'active', { anonymous: 'ok', owner: 'ok', other: 'ok', moderator: 'ok', admin: 'ok' }],
  [
    'read',
    'hidden',
    { anonymous: '404 not_found', owner: 'ok', other: '404 not_found', moderator: 'ok', admin: 'ok' },
  ],
  [
    'read',
    'pending',
    { anonymous: '404 not_found', owner: 'ok', other: '404 not_found', moderator: 'ok', admin: 'ok' },
  ],
  [
    'update',
    'active',
    {
      anonymous: '403 forbidden',
      owner: 'ok',
      other: '403 forbidden',
      moderator: '403 forbidden',
      admin: '403 forbidden',
    },
  ],
  [
    'update',
    'hidden',
    {
      anonymous: '403 forbidden',
      owner: 'ok',
      other: '403 forbidden',
      moderator: '403 forbidden',
      admin: '403 forbidden',
    },
  ],
  [
    'delete',
    'active',
    {
      anonymous: '403 forbidden',
      owner: 'ok',
      other: '403 forbidden',
      moderator: '403 forbidden',
      admin: '403 forbidden',
    },
  ],
  [
    'delete',
    'hidden',
    {
      anonymous: '403 forbidden',
      owner: 'ok',
      other: '403 forbidden',
      moderator: '403 forbidden',
      admin: '403 forbidden',
    },
  ],
  [
    'feature',
    'active',
    {
      anonymous: '403 forbidden',
      owner: 'ok',
      other: '403 forbidden',
      moderator: '403 forbidden',
      admin: '403 forbidden',
    },
  ],
  [
    'feature',
    'hidden',
    {
      anonymous: '404 not_found',
      owner: '409 ad_not_featurable',
      other: '404 not_found',
      moderator: '403 forbidden',
      admin: '403 forbidden',
    },
  ],
  [
    'favorite',
    'active',
    {
      anonymous: '401 unauthenticated',
      owner: '403 own_ad_favorite',
      other: 'ok',
      moderator: 'ok',
      admin: 'ok',
    },
  ],
  [
    'favorite',
    'hidden',
    {
      anonymous: '404 not_found',
      owner: '403 own_ad_favorite',
      other: '404 not_found',
      moderator: 'ok',
      admin: 'ok',
    },
  ],
  [
    'message',
    'active',
    {
      anonymous: '401 unauthenticated',
      owner: '403 own_ad_message',
      other: 'ok',
      moderator: 'ok',
      admin: 'ok',
    },
  ],
  [
    'message',
    'hidden',
    {
      anonymous: '404 not_found',
      owner: '403 own_ad_message',
      other: '404 not_found',
      moderator: '403 forbidden',
      admin: '403 forbidden',
    },
  ],
  [
    'report',
    'active',
    {
      anonymous: '401 unauthenticated',
      owner: '403 own_ad_report',
      other: 'ok',
      moderator: 'ok',
      admin: 'ok',
    },
  ],
  [
    'report',
    'pending',
    {
      anonymous: '404 not_found',
      owner: '403 own_ad_report',
      other: '404 not_found',
      moderator: '403 forbidden',
      admin: '403 forbidden',
    },
  ],
  [
    'requestReview',
    'hidden',
    {
      anonymous: '403 forbidden',
      owner: 'ok',
      other: '403 forbidden',
      moderator: '403 forbidden',
      admin: '403 forbidden',
    },
  ],
  [
    'requestReview',
    'active',
    {
      anonymous: '403 forbidden',
      owner: '403 forbidden',
      other: '403 forbidden',
      moderator: '403 forbidden',
      admin: '403 forbidden',
    },
  ],
  [
    'moderate',
    'hidden',
    {
      anonymous: '401 unauthenticated',
      owner: '403 forbidden',
      other: '403 forbidden',
      moderator: 'ok',
      admin: 'ok',
    },
  ],
  [
    'moderate',
    'active',
    {
      anonymous: '401 unauthenticated',
      owner: '403 forbidden',
      other: '403 forbidden',
      moderator: 'ok',
      admin: 'ok',
    },
  ],
];

describe('the ad policy', () => {
  for (const [action, status, expected] of table) {
    for (const [name, actor] of Object.entries(actors)) {
      it(`${action} on a ${status} ad by ${name}: ${expected[name]}`, () => {
        expect(outcome(actor, action, status)).toBe(expected[name]);
        expect(can(actor, action, { ad: { user_id: OWNER, status } })).toBe(expected[name] === 'ok');
      });
    }
  }

  it('answers 404 for an ad that does not exist, whatever the action', () => {
    for (const action of ['read', 'update', 'delete', 'favorite', 'message'] as const) {
      expect(() => authorize(actors.owner!, action, { ad: undefined })).toThrow('This ad does not exist.');
      expect(can(actors.owner!, action, { ad: undefined })).toBe(false);
    }
  });

  it('says which change was refused', () => {
    const ad = { user_id: OWNER, status: 'active' };
    expect(() => authorize(actors.other!, 'update', { ad })).toThrow('You can only change your own ads.');
    expect(() => authorize(actors.other!, 'delete', { ad })).toThrow('You can only delete your own ads.');
  });

  it('refuses staff their own ads: hiding, restoring, dismissing or featuring them is for someone else', () => {
    for (const role of ['moderator', 'admin'] as const) {
      const staff: Actor = { id: OWNER, role };
      for (const status of ['active', 'hidden', 'pending']) {
        const ad = { user_id: OWNER, status };
        expect(() => authorize(staff, 'moderate', { ad })).toThrow(
          'Another moderator must review your own ad.',
        );
        expect(can(staff, 'moderate', { ad })).toBe(false);
      }
    }
  });

  it('returns the row it was given, so the caller reads on', () => {
    const ad = { user_id: OWNER, status: 'active', likes: 3 };
    expect(authorize(actors.other!, 'read', { ad }).likes).toBe(3);
  });
});

// The roles the table covers are all there are.
const roles: Role[] = ['user', 'moderator', 'admin'];
it('covers every role', () => {
  expect(new Set(Object.values(actors).map((actor) => actor?.role ?? 'anonymous'))).toEqual(
    new Set(['anonymous', ...roles]),
  );
});
