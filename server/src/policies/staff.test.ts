import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { authorize, type Actor } from './authorize';
import { CONSOLE, type UserFacts } from './staff';

const actors: Record<string, Actor> = {
  anonymous: null,
  user: { id: '00000000-0000-4000-8000-000000000001', role: 'user' },
  moderator: { id: '00000000-0000-4000-8000-000000000002', role: 'moderator' },
  admin: { id: '00000000-0000-4000-8000-000000000003', role: 'admin' },
};

function outcome(run: () => unknown): string {
  try {
    run();
    return 'ok';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return `${error.statusCode} ${error.code}`;
  }
}

const table = (run: (actor: Actor) => unknown) =>
  Object.fromEntries(Object.entries(actors).map(([name, actor]) => [name, outcome(() => run(actor))]));

describe('the console policy (decision 0017)', () => {
  it('lets staff use the console: 401 signed out, 403 for users', () => {
    expect(table((actor) => authorize(actor, 'use', { console: CONSOLE }))).toEqual({
      anonymous: '401 unauthenticated',
      user: '403 forbidden',
      moderator: 'ok',
      admin: 'ok',
    });
  });

  it('lets only admins manage roles', () => {
    expect(table((actor) => authorize(actor, 'manageRoles', { console: CONSOLE }))).toEqual({
      anonymous: '401 unauthenticated',
      user: '403 forbidden',
      moderator: '403 forbidden',
      admin: 'ok',
    });
  });
});

describe('the user policy', () => {
  const target = (role: UserFacts['role']): UserFacts => ({
    id: '00000000-0000-4000-8000-0000000000ff',
    role,
  });

  it.each([
    ['user', { anonymous: '401 unauthenticated', user: '403 forbidden', moderator: 'ok', admin: 'ok' }],
    [
      'moderator',
      { anonymous: '401 unauthenticated', user: '403 forbidden', moderator: '403 forbidden', admin: 'ok' },
    ],
    [
      'admin',
      {
        anonymous: '401 unauthenticated',
        user: '403 forbidden',
        moderator: '403 forbidden',
        admin: '403 forbidden',
      },
    ],
  ] as const)('suspending a %s', (role, expected) => {
    expect(table((actor) => authorize(actor, 'suspend', { user: target(role) }))).toEqual(expected);
  });

  it('lets only admins set a role, never their own or an admin’s', () => {
    expect(table((actor) => authorize(actor, 'setRole', { user: target('moderator') }))).toEqual({
      anonymous: '401 unauthenticated',
      user: '403 forbidden',
      moderator: '403 forbidden',
      admin: 'ok',
    });
    const admin = actors.admin!;
    expect(outcome(() => authorize(admin, 'setRole', { user: { id: admin.id, role: 'admin' } }))).toBe(
      '403 forbidden',
    );
  });

  it('refuses staff acting on themselves', () => {
    const moderator = actors.moderator!;
    expect(
      outcome(() => authorize(moderator, 'suspend', { user: { id: moderator.id, role: 'moderator' } })),
    ).toBe('403 forbidden');
  });
});
