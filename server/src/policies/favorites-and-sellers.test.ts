import { describe, expect, it } from 'vitest';
import { can } from './authorize';

const ME = { id: '00000000-0000-4000-8000-000000000001', role: 'user' as const };
const MODERATOR = { id: '00000000-0000-4000-8000-000000000002', role: 'moderator' as const };

describe('the favourite policy', () => {
  it('lets only the person who liked read or remove a favourite, staff included', () => {
    const mine = { user_id: ME.id };
    expect(can(ME, 'remove', { favorite: mine })).toBe(true);
    expect(can(ME, 'read', { favorite: mine })).toBe(true);
    expect(can(MODERATOR, 'remove', { favorite: mine })).toBe(false);
    expect(can(null, 'read', { favorite: mine })).toBe(false);
  });
});

describe('the seller policy', () => {
  it('shows a seller in good standing to anyone and a suspended one to nobody', () => {
    expect(can(null, 'read', { seller: { suspended_at: null } })).toBe(true);
    expect(can(MODERATOR, 'read', { seller: { suspended_at: new Date() } })).toBe(false);
    expect(can(ME, 'read', { seller: undefined })).toBe(false);
  });
});
