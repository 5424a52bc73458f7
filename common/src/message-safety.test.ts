import { describe, expect, it } from 'vitest';
import { findMessageWarnings, isLookalikeHost, splitMessageLinks } from './message-safety';

const site = { siteHost: 'bazaar.example.com' };
const first = { ...site, isFirstMessage: true };
const later = { ...site, isFirstMessage: false };

describe('findMessageWarnings', () => {
  it('finds nothing in an ordinary question', () => {
    expect(findMessageWarnings('Hi, is this still available? Could I see it on Saturday?', first)).toEqual(
      [],
    );
  });

  it.each([
    'Can I pay with a Steam gift card?',
    'I will pay with iTunes cards',
    'I can wire the money today',
    'Payment by Western Union only',
    'My courier will collect it and bring the cash',
    'Our shipping agent will contact you',
  ])('warns about a risky payment: %s', (text) => {
    expect(findMessageWarnings(text, later)).toEqual(['risky_payment']);
  });

  it.each([
    'Interested! Message me on WhatsApp +1 555 0100',
    'Write me on Telegram please',
    'Text me at 555 0100',
    'Mail me: buyer123@example.org',
  ])('warns about moving to another messenger in the first message: %s', (text) => {
    expect(findMessageWarnings(text, first)).toEqual(['other_messenger']);
  });

  it('lets people swap numbers once they have talked', () => {
    expect(findMessageWarnings('Sure, my WhatsApp is +1 555 0100', later)).toEqual([]);
  });

  it.each([
    'Please confirm the payment at https://bazaar-example.com/pay',
    'Log in at www.bazaar.example.com.secure-pay.net to confirm',
    'Go to bazzar.example.com/confirm',
    'See https://xn--bazar-0ra.example.com',
  ])('warns about a lookalike link: %s', (text) => {
    expect(findMessageWarnings(text, later)).toEqual(['lookalike_link']);
  });

  it('trusts links to this site and to unrelated sites', () => {
    expect(
      findMessageWarnings(
        'Here: https://bazaar.example.com/ad/1 and the manual at https://www.bosch.com/manual.pdf',
        later,
      ),
    ).toEqual([]);
  });

  it('gives every pattern that applies, once', () => {
    expect(
      findMessageWarnings('Pay by gift card at https://bazaar-pay.net, WhatsApp me, gift card please', first),
    ).toEqual(['risky_payment', 'other_messenger', 'lookalike_link']);
  });
});

describe('isLookalikeHost', () => {
  it('accepts our host and its subdomains', () => {
    expect(isLookalikeHost('bazaar.example.com', 'bazaar.example.com')).toBe(false);
    expect(isLookalikeHost('media.bazaar.example.com', 'bazaar.example.com')).toBe(false);
  });

  it('does not judge a site whose name is too short to tell apart', () => {
    expect(isLookalikeHost('abc.com', 'ab.example')).toBe(false);
  });

  it('spots one typo in a short brand', () => {
    expect(isLookalikeHost('bazar.com', 'bazaar.local')).toBe(true);
    expect(isLookalikeHost('bazooka.com', 'bazaar.local')).toBe(false);
  });
});

describe('splitMessageLinks', () => {
  const origin = 'https://bazaar.example.com';

  it('makes links of addresses on this site only', () => {
    expect(
      splitMessageLinks('See https://bazaar.example.com/ad/1. Or https://evil.example/x', origin),
    ).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://bazaar.example.com/ad/1', href: 'https://bazaar.example.com/ad/1' },
      { kind: 'text', text: '. Or https://evil.example/x' },
    ]);
  });

  it('keeps markup as text', () => {
    const body = '<a href="https://bazaar.example.com">click</a><script>alert(1)</script>';
    expect(
      splitMessageLinks(body, origin)
        .map((part) => part.text)
        .join(''),
    ).toBe(body);
    expect(splitMessageLinks('<b>hi</b>', origin)).toEqual([{ kind: 'text', text: '<b>hi</b>' }]);
  });

  it('does not take a lookalike host for this site', () => {
    expect(splitMessageLinks('https://bazaar.example.com.evil.net/login', origin)).toEqual([
      { kind: 'text', text: 'https://bazaar.example.com.evil.net/login' },
    ]);
  });
});
