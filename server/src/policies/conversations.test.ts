import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { authorize, can, type Actor } from './authorize';
import type { ConversationFacts } from './conversations';

const BUYER = '00000000-0000-4000-8000-000000000001';
const SELLER = '00000000-0000-4000-8000-000000000002';
const conversation: ConversationFacts = { buyer_id: BUYER, seller_id: SELLER };

const actors: Record<string, Actor> = {
  anonymous: null,
  buyer: { id: BUYER, role: 'user' },
  seller: { id: SELLER, role: 'user' },
  other: { id: '00000000-0000-4000-8000-000000000003', role: 'user' },
  moderator: { id: '00000000-0000-4000-8000-000000000004', role: 'moderator' },
  admin: { id: '00000000-0000-4000-8000-000000000005', role: 'admin' },
};

function outcome(
  actor: Actor,
  action: 'read' | 'write' | 'review',
  facts: ConversationFacts = conversation,
): string {
  try {
    authorize(actor, action, { conversation: facts });
    return 'ok';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return `${error.statusCode} ${error.code}`;
  }
}

describe('the conversation policy', () => {
  it.each(['read', 'write'] as const)('lets its two participants %s it, and nobody else see it', (action) => {
    expect(
      Object.fromEntries(Object.entries(actors).map(([name, actor]) => [name, outcome(actor, action)])),
    ).toEqual({
      anonymous: '404 not_found',
      buyer: 'ok',
      seller: 'ok',
      other: '404 not_found',
      moderator: '404 not_found',
      admin: '404 not_found',
    });
  });

  it('lets staff review it only while a report is open, never write in it, and never one of their own', () => {
    const table = (facts: ConversationFacts, action: 'read' | 'write' | 'review') =>
      Object.fromEntries(
        Object.entries(actors).map(([name, actor]) => [name, outcome(actor, action, facts)]),
      );
    const reported = { ...conversation, open_reports: 1 };
    expect(table(reported, 'review')).toEqual({
      anonymous: '404 not_found',
      buyer: '403 forbidden',
      seller: '403 forbidden',
      other: '404 not_found',
      moderator: 'ok',
      admin: 'ok',
    });
    for (const action of ['read', 'write'] as const) {
      expect(table(reported, action)).toMatchObject({ moderator: '403 forbidden', admin: '403 forbidden' });
    }
    for (const facts of [conversation, { ...conversation, open_reports: 0 }]) {
      expect(table(facts, 'review')).toMatchObject({ moderator: '404 not_found', admin: '404 not_found' });
    }
    // A moderator who takes part in it leaves it to another one.
    const moderatorsOwn = { buyer_id: BUYER, seller_id: actors.moderator!.id, open_reports: 1 };
    expect(() => authorize(actors.moderator!, 'review', { conversation: moderatorsOwn })).toThrow(
      'Another moderator must review a conversation you take part in.',
    );
    expect(can(actors.admin!, 'review', { conversation: moderatorsOwn })).toBe(true);
  });

  it('keeps the conversation for the one who stays when the other deletes their account', () => {
    const facts = { buyer_id: null, seller_id: SELLER };
    expect(can(actors.seller!, 'read', { conversation: facts })).toBe(true);
    expect(outcome(actors.buyer!, 'read', facts)).toBe('404 not_found');
  });

  it('says the conversation does not exist when there is none', () => {
    expect(() => authorize(actors.buyer!, 'read', { conversation: undefined })).toThrow(
      'This conversation does not exist.',
    );
  });
});
