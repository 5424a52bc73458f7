import { SEARCH_QUERY_MAX_LENGTH } from '@bazaar/common/constants';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAds } from '../../test/ad-factories';
import { createSeller } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PHRASE_WORDS_MAX, SEARCH_TERMS_MAX, searchTextQuery } from '../ads/search-text';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40) * 5;

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
  const seller = await createSeller(testApp.app);
  await insertAds(testApp, seller.id, [
    { title: 'Red e-bike with disc brakes', description: 'Barely ridden.' },
  ]);
});
afterAll(() => testApp.close());

function search(q: string) {
  return testApp.app.inject({ url: '/api/ads', query: { q } });
}

describe('GET /api/ads?q= with text built to break the query', () => {
  it('answers a run of minus signs, or of any operator, like any other search', async () => {
    for (const q of [
      `bike ${'-'.repeat(40)}`,
      `${'-'.repeat(SEARCH_QUERY_MAX_LENGTH - 4)}bike`,
      `${'!'.repeat(60)}bike`,
      `${'('.repeat(60)}bike${')'.repeat(60)}`,
      '"'.repeat(SEARCH_QUERY_MAX_LENGTH),
      `${'-"'.repeat(50)}bike`,
      `bike ${'or '.repeat(50)}`,
      "bike:* & !'x' <-> \\ | <2> ",
    ]) {
      const response = await search(q);
      expect(response.statusCode, q).toBe(200);
    }
    expect((await search(`e-bike ${'-'.repeat(40)}`)).json().ads).toHaveLength(1);
  });

  it('never fails, whatever mix of words and operators is typed', async () => {
    const piece = fc.constantFrom(
      '-',
      '"',
      '!',
      '&',
      '|',
      '(',
      ')',
      ':*',
      '<->',
      '<3>',
      "'",
      '\\',
      ' ',
      'or',
      'and',
      'not',
      'bike',
      'the',
      'é',
      '\u200b',
    );
    // Runs of one piece too: operators do harm when they pile up.
    const chunk = fc.tuple(piece, fc.integer({ min: 1, max: 50 })).map(([each, times]) => each.repeat(times));
    const text = fc
      .array(fc.oneof(piece, chunk), { maxLength: 40 })
      .map((chunks) => chunks.join('').slice(0, SEARCH_QUERY_MAX_LENGTH));
    await fc.assert(
      fc.asyncProperty(text, async (q) => {
        const response = await search(q);
        expect(response.statusCode, JSON.stringify(q)).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('searchTextQuery', () => {
  it('keeps words, phrases and exclusions, with a bounded number of operators', () => {
    expect(searchTextQuery('Bikes frame')).toBe("'Bikes' & 'frame'");
    expect(searchTextQuery('"disc brakes" -kids --old')).toBe("('disc' <-> 'brakes') & !('kids') & !('old')");
    expect(searchTextQuery('e-bike')).toBe("('e' <-> 'bike')");
    expect(searchTextQuery("it's 100% -- ok")).toBe("('it' <-> 's') & '100' & 'ok'");
    expect(searchTextQuery(' - " !&|() ')).toBeUndefined();

    const long = searchTextQuery(`"${'word '.repeat(20)}" ${'more '.repeat(40)}`) ?? '';
    expect(long.split(' & ')).toHaveLength(SEARCH_TERMS_MAX);
    expect(long.split(' & ')[0]?.split(' <-> ')).toHaveLength(PHRASE_WORDS_MAX);
  });
});
