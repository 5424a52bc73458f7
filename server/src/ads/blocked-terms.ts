/**
 * Words and phrases that hold an ad for a moderator (issue 13): goods the marketplace does
 * not carry and the wording of common scams. `BLOCKED_TERMS` replaces the list.
 */
export const DEFAULT_BLOCKED_TERMS = [
  // Weapons.
  'firearm',
  'handgun',
  'ammunition',
  'silencer',
  'explosive',
  // Drugs and medicines on prescription.
  'cocaine',
  'heroin',
  'methamphetamine',
  'fentanyl',
  'oxycodone',
  'prescription drug',
  // Counterfeits, documents and protected wildlife.
  'counterfeit',
  'fake passport',
  'fake id',
  'ivory',
  // Scam wording: payment that cannot be taken back, money up front.
  'western union',
  'moneygram',
  'wire transfer only',
  'pay with gift card',
  'advance payment',
  'shipping agent',
] as const;

/** Lower case, accents removed ("Cocaïne" → "cocaine"), any run of spaces as one. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Finds the first blocked term in a text: whole words only ("ivory" is not in "ivorytown"),
 * in any case and with or without accents, a term's plural in -s or -es included.
 * Returns the term as configured, or null.
 */
export function createBlockedTermFinder(terms: readonly string[]): (text: string) => string | null {
  const patterns = terms
    .map((term) => ({ term, folded: foldText(term) }))
    .filter(({ folded }) => folded.length > 0)
    .map(({ term, folded }) => ({
      term,
      pattern: new RegExp(
        `(?<![\\p{L}\\p{N}])${escapeRegExp(folded).replaceAll(' ', '\\s+')}(?:e?s)?(?![\\p{L}\\p{N}])`,
        'u',
      ),
    }));
  return (text) => {
    const folded = foldText(text);
    return patterns.find(({ pattern }) => pattern.test(folded))?.term ?? null;
  };
}
