import { describe, expect, it } from 'vitest';
import { createBlockedTermFinder, DEFAULT_BLOCKED_TERMS } from './blocked-terms';

describe('createBlockedTermFinder', () => {
  const find = createBlockedTermFinder(['ivory', 'Western Union', 'fake id', 'cocaïne']);

  it('finds a term as a whole word in any case, and returns it as configured', () => {
    expect(find('Antique IVORY carving')).toBe('ivory');
    expect(find('Payment by western union only, please')).toBe('Western Union');
    expect(find('Carved (ivory).')).toBe('ivory');
  });

  it('ignores accents on either side', () => {
    expect(find('Pure cocaine')).toBe('cocaïne');
    expect(find('Ívory figurine')).toBe('ivory');
  });

  it('matches a phrase across any spacing, and plurals in -s or -es', () => {
    expect(find('Western\n  Union')).toBe('Western Union');
    expect(find('Fake IDs for sale')).toBe('fake id');
  });

  it('does not match inside other words', () => {
    expect(find('Ivorytown apartment, ivoryish paint')).toBeNull();
    expect(find('Unionwestern bridge')).toBeNull();
    expect(find('A fake idea')).toBeNull();
  });

  it('finds nothing with no terms', () => {
    expect(createBlockedTermFinder([])('Western Union')).toBeNull();
  });

  it('has a default list of prohibited goods and scam wording', () => {
    const findDefault = createBlockedTermFinder(DEFAULT_BLOCKED_TERMS);
    expect(findDefault('Counterfeit handbags')).toBe('counterfeit');
    expect(findDefault('Handguns and ammunition')).toBe('handgun');
    expect(findDefault('Road bike, 54 cm, carbon fork')).toBeNull();
  });
});
